import { DEFAULT_PAYMENT_TERMS, OVERDUE_ACTIONS, type OverdueAction, type PaymentTerms } from '@roomweek/contract';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import type { FieldErrors } from '@/lib/use-zod-form';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { SiteOrOwnFieldset } from './site-or-own-fieldset';

/** Payment terms as a form holds them (issue 28): the numbers typed as text. */
export interface PaymentTermsDraft {
  deposit_percent: string;
  balance_due_days: string;
  balance_grace_days: string;
  overdue_action: OverdueAction;
}

type NumberField = Exclude<keyof PaymentTermsDraft, 'overdue_action'>;

export const paymentTermsDraftOf = (terms: PaymentTerms | null | undefined): PaymentTermsDraft => {
  const shown = terms ?? DEFAULT_PAYMENT_TERMS;
  return {
    deposit_percent: String(shown.deposit_percent),
    balance_due_days: String(shown.balance_due_days),
    balance_grace_days: String(shown.balance_grace_days),
    overdue_action: shown.overdue_action,
  };
};

/** The four settings of payment terms: the deposit, when the balance is due, the grace days, what an overdue balance does. */
export function PaymentTermsFields({
  values,
  onChange,
  errors,
}: {
  values: PaymentTermsDraft;
  onChange: <F extends keyof PaymentTermsDraft>(field: F, value: PaymentTermsDraft[F]) => void;
  errors: FieldErrors;
}) {
  const { t } = useAdminTranslation();
  const field = (name: NumberField) => (
    <FormField
      label={t(`paymentTerms.${name}`)}
      name={name}
      inputMode="numeric"
      maxLength={3}
      value={values[name]}
      onChange={(event) => onChange(name, event.target.value)}
      required
      hint={t(`paymentTerms.${name}Hint`)}
      error={errors[name]}
    />
  );
  return (
    <>
      {field('deposit_percent')}
      {field('balance_due_days')}
      {field('balance_grace_days')}
      <FormField label={t('paymentTerms.overdue_action')} hint={t('paymentTerms.overdue_actionHint')} error={errors.overdue_action}>
        {(control) => (
          <NativeSelect
            {...control}
            name="overdue_action"
            value={values.overdue_action}
            onChange={(event) => onChange('overdue_action', event.target.value as OverdueAction)}
          >
            {OVERDUE_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`paymentTerms.overdueActions.${action}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </>
  );
}

/**
 * A property's payment terms on its form (issue 28), like its cancellation terms: the site's (sent as null, the
 * default) or its own deposit and balance.
 */
export function PropertyPaymentTermsFields({
  mode,
  onModeChange,
  values,
  onChange,
  errors,
}: {
  mode: 'site' | 'own';
  onModeChange: (mode: 'site' | 'own') => void;
  values: PaymentTermsDraft;
  onChange: <F extends keyof PaymentTermsDraft>(field: F, value: PaymentTermsDraft[F]) => void;
  errors: FieldErrors;
}) {
  const { t } = useAdminTranslation();
  return (
    <SiteOrOwnFieldset
      legend={t('properties.form.paymentTermsLegend')}
      labels={{ site: t('properties.form.paymentTermsSite'), own: t('properties.form.paymentTermsOwn'), siteHint: t('properties.form.paymentTermsSiteHint') }}
      mode={mode}
      onModeChange={onModeChange}
    >
      <PaymentTermsFields values={values} onChange={onChange} errors={errors} />
    </SiteOrOwnFieldset>
  );
}
