import { useId, type ReactNode } from 'react';

/**
 * A property's terms on its form: the site's (sent as null, the default) or its own, whose fields show only then.
 * Shared by the cancellation policy and the payment terms.
 */
export function SiteOrOwnFieldset({
  legend,
  labels,
  mode,
  onModeChange,
  children,
}: {
  legend: string;
  labels: { site: string; own: string; siteHint: string };
  mode: 'site' | 'own';
  onModeChange: (mode: 'site' | 'own') => void;
  /** The property's own fields. */
  children: ReactNode;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-stone-900">{legend}</legend>
      <div className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
        {(['site', 'own'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${name}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onModeChange(value)}
              className="size-4 accent-brand-600"
            />
            {labels[value]}
          </label>
        ))}
      </div>
      {mode === 'own' ? <div className="grid gap-4 sm:grid-cols-2">{children}</div> : <p className="text-xs text-stone-500">{labels.siteHint}</p>}
    </fieldset>
  );
}
