import { useId } from 'react';
import { FormField } from '@/components/form-field';
import type { FieldErrors } from '@/lib/use-zod-form';
import { useAdminTranslation } from '../lib/use-admin-translation';

type PolicyField = 'free_until_days' | 'late_refund_percent';

/**
 * A property's cancellation terms on its form (docs/behaviour.md §10): the site's policy (sent as null, the default)
 * or its own free days and late refund.
 */
export function CancellationPolicyFields({
  mode,
  onModeChange,
  freeUntilDays,
  lateRefundPercent,
  onChange,
  errors,
}: {
  mode: 'site' | 'own';
  onModeChange: (mode: 'site' | 'own') => void;
  freeUntilDays: string;
  lateRefundPercent: string;
  onChange: (field: PolicyField, value: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useAdminTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-stone-900">{t('properties.form.policyLegend')}</legend>
      <div className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
        {(['site', 'own'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${name}-cancellation_mode`}
              value={value}
              checked={mode === value}
              onChange={() => onModeChange(value)}
              className="size-4 accent-brand-600"
            />
            {value === 'site' ? t('properties.form.policySite') : t('properties.form.policyOwn')}
          </label>
        ))}
      </div>
      {mode === 'own' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('cancellationPolicy.freeUntilDays')}
            name="free_until_days"
            inputMode="numeric"
            maxLength={3}
            value={freeUntilDays}
            onChange={(event) => onChange('free_until_days', event.target.value)}
            required
            hint={t('cancellationPolicy.freeUntilDaysHint')}
            error={errors.free_until_days}
          />
          <FormField
            label={t('cancellationPolicy.lateRefundPercent')}
            name="late_refund_percent"
            inputMode="numeric"
            maxLength={3}
            value={lateRefundPercent}
            onChange={(event) => onChange('late_refund_percent', event.target.value)}
            required
            hint={t('cancellationPolicy.lateRefundPercentHint')}
            error={errors.late_refund_percent}
          />
        </div>
      ) : (
        <p className="text-xs text-stone-500">{t('properties.form.policySiteHint')}</p>
      )}
    </fieldset>
  );
}
