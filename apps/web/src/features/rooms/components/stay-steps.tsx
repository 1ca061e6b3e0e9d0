import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import type { StayStep } from '@/lib/stay';

const STEPS = [1, 2, 3] as const;

/** Step guidance: pick arrival, pick departure, dates chosen (docs/behaviour.md §2). */
export function StaySteps({ step }: { step: StayStep }) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-2" aria-label={t('room.steps.label')}>
      {STEPS.map((number) => {
        const done = number < step || step === 3;
        const current = number === step;
        return (
          <li
            key={number}
            aria-current={current ? 'step' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-xl px-3 py-2 text-sm',
              current ? 'bg-brand-50 font-medium text-brand-800' : 'text-stone-600',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                done ? 'bg-emerald-600 text-white' : current ? 'bg-brand-600 text-white' : 'bg-stone-200 text-stone-600',
              )}
            >
              {done ? <Check className="size-3.5" /> : number}
            </span>
            {t(`room.steps.step${number}`)}
          </li>
        );
      })}
    </ol>
  );
}
