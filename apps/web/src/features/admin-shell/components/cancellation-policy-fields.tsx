import { FormField } from '@/components/form-field';
import type { FieldErrors } from '@/lib/use-zod-form';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { SiteOrOwnFieldset } from './site-or-own-fieldset';

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
  return (
    <SiteOrOwnFieldset
      legend={t('properties.form.policyLegend')}
      labels={{ site: t('properties.form.policySite'), own: t('properties.form.policyOwn'), siteHint: t('properties.form.policySiteHint') }}
      mode={mode}
      onModeChange={onModeChange}
    >
      <PolicyTermsFields
        values={{ free_until_days: freeUntilDays, late_refund_percent: lateRefundPercent }}
        onChange={onChange}
        errors={errors}
      />
    </SiteOrOwnFieldset>
  );
}
