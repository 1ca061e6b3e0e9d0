import { BALANCE_NOTE_MAX_LENGTH, RECORDED_PAYMENT_METHODS, toCents, type Booking, type RecordedPaymentMethod } from '@roomweek/contract';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { NativeSelect } from '@/components/ui/native-select';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { draftFields } from '@/lib/draft-field';
import { formatCents, formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useRecordPayment } from '../api/balances';
import { recordPaymentForm, recordPaymentMessages } from '../lib/booking-forms';
import { RefundAmountField, TextNoteField } from './booking-dialog';

const emptyDraft = (owedCents: number) => ({
  amount: owedCents > 0 ? (owedCents / 100).toFixed(2) : '',
  method: 'cash' as RecordedPaymentMethod,
  note: '',
});

/**
 * Money received outside the providers (issue 28): cash, a bank transfer or the card terminal, for an on-site booking or
 * a balance. Admins and staff; the server refuses more than is owed (400 overpayment).
 */
export function RecordPaymentForm({ booking }: { booking: Booking }) {
  const { t, i18n } = useAdminTranslation();
  const record = useRecordPayment();
  const owedCents = toCents(booking.total_price) - toCents(booking.paid_amount);
  const [draft, setDraft] = useState(() => emptyDraft(owedCents));
  const form = useMutationForm({
    schema: recordPaymentForm,
    messages: recordPaymentMessages,
    t,
    values: () => draft,
    mutation: record,
    variables: (body) => ({ id: booking.id, body }),
    onSaved: (_saved, body) => {
      toast.success(t('balances.toasts.recorded', { amount: formatPrice(body.amount, i18n.language) }));
      setDraft(emptyDraft(0));
    },
    failedKey: 'balances.toasts.recordFailed',
    fieldOfCode: { overpayment: 'amount' },
  });
  const field = draftFields(draft, setDraft, form.errors);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      aria-label={t('balances.record.title')}
      aria-busy={record.isPending}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4"
    >
      <h3 className="text-sm font-semibold">{t('balances.record.title')}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <RefundAmountField
          label={t('balances.record.amount')}
          {...field('amount')}
          hint={t('balances.record.amountHint', { owed: formatCents(Math.max(0, owedCents), i18n.language) })}
        />
        <FormField label={t('balances.record.method')} error={form.errors.method}>
          {(control) => (
            <NativeSelect {...control} {...field('method')}>
              {RECORDED_PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`balances.method.${method}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <TextNoteField label={t('balances.record.note')} {...field('note')} maxLength={BALANCE_NOTE_MAX_LENGTH} />
      <SubmitButton pending={record.isPending} pendingLabel={t('shared.saving')} size="sm" className="self-end">
        {t('balances.record.submit')}
      </SubmitButton>
    </form>
  );
}
