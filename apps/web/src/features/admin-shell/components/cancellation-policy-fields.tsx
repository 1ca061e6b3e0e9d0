import { useId } from 'react';
import { FormField } from '@/components/form-field';
import type { FieldErrors } from '@/lib/use-zod-form';
import { useAdminTranslation } from '../lib/use-admin-translation';

type PolicyField = 'free_until_days' | 'late_refund_percent';

/** The two numbers of cancellation terms: the days before arrival a cancel is free, the refund after that. */
export function PolicyTermsFields({
  values,
  onChange,
  errors,
}: {
  values: Record<PolicyField, string>;
  onChange: (field: PolicyField, value: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useAdminTranslation();
  const field = (name: PolicyField, label: string, hint: string) => (
    <FormField
      label={t(label)}
      name={name}
      inputMode="numeric"
      maxLength={3}
      value={values[name]}
      onChange={(event) => onChange(name, event.target.value)}
      required
      hint={t(hint)}
      error={errors[name]}
    />
  );
  return (
    <>
      {field('free_until_days', 'cancellationPolicy.freeUntilDays', 'cancellationPolicy.freeUntilDaysHint')}
      {field('late_refund_percent', 'cancellationPolicy.lateRefundPercent', 'cancellationPolicy.lateRefundPercentHint')}
    </>
  );
}

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
          <PolicyTermsFields
            values={{ free_until_days: freeUntilDays, late_refund_percent: lateRefundPercent }}
            onChange={onChange}
            errors={errors}
          />
        </div>
      ) : (
        <p className="text-xs text-stone-500">{t('properties.form.policySiteHint')}</p>
      )}
    </fieldset>
  );
}
