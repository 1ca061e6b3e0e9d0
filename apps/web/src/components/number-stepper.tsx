import { useId } from 'react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

export interface NumberStepperProps {
  label: string;
  /** A line under the label (the children's age, say). */
  hint?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  className?: string;
}

const BUTTON =
  'flex size-10 items-center justify-center rounded-full border border-stone-300 bg-white text-lg font-semibold text-stone-800 ' +
  'hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-40';

/**
 * A count chosen with − and + (issue 26: the guests of a search, the adults and children of a booking), kept within
 * [min, max]. A group named by its label; the buttons say what they change; the count is announced as it changes.
 */
export function NumberStepper({ label, hint, value, min, max, onChange, className }: NumberStepperProps) {
  const { t } = useTranslation();
  const id = useId();
  const set = (next: number) => onChange(Math.min(max, Math.max(min, next)));
  return (
    <div role="group" aria-labelledby={`${id}-label`} className={cn('flex items-center justify-between gap-4', className)}>
      <span className="flex flex-col">
        <span id={`${id}-label`} className="text-sm font-medium text-stone-900">
          {label}
        </span>
        {hint ? <span className="text-xs text-stone-600">{hint}</span> : null}
      </span>
      <span className="flex items-center gap-3">
        <button type="button" className={BUTTON} aria-label={t('party.less', { label })} disabled={value <= min} onClick={() => set(value - 1)}>
          <span aria-hidden="true">−</span>
        </button>
        <output aria-live="polite" aria-labelledby={`${id}-label`} className="min-w-6 text-center text-base font-semibold tabular-nums">
          {value}
        </output>
        <button type="button" className={BUTTON} aria-label={t('party.more', { label })} disabled={value >= max} onClick={() => set(value + 1)}>
          <span aria-hidden="true">+</span>
        </button>
      </span>
    </div>
  );
}
