import { DEFAULT_PAYMENT_TERMS, OVERDUE_ACTIONS, type OverdueAction, type PaymentTerms } from '@roomweek/contract';
import { useId } from 'react';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import type { FieldErrors } from '@/lib/use-zod-form';
import { useAdminTranslation } from '../lib/use-admin-translation';

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
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-stone-900">{t('properties.form.paymentTermsLegend')}</legend>
      <div className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
        {(['site', 'own'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${name}-payment_terms_mode`}
              value={value}
              checked={mode === value}
              onChange={() => onModeChange(value)}
              className="size-4 accent-brand-600"
            />
            {value === 'site' ? t('properties.form.paymentTermsSite') : t('properties.form.paymentTermsOwn')}
          </label>
        ))}
      </div>
      {mode === 'own' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <PaymentTermsFields values={values} onChange={onChange} errors={errors} />
        </div>
      ) : (
        <p className="text-xs text-stone-500">{t('properties.form.paymentTermsSiteHint')}</p>
      )}
    </fieldset>
  );
}
