import { BALANCE_NOTE_MAX_LENGTH, RECORDED_PAYMENT_METHODS, type AdminBalanceBody, type Booking, type RecordedPaymentMethod } from '@roomweek/contract';
import { BadgeCheck, CreditCard, HandHeart } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatPrice, shortId } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useManageBalance } from '../api/balances';
import { BookingDialog, DialogActions, TextNoteField } from './booking-dialog';

type BalanceAction = AdminBalanceBody['action'];

/**
 * The admin's hand on a balance still owed (issue 28): charge the guest's saved card now (only when they chose to have it
 * charged), mark it paid (received another way), or waive it. Each is confirmed in a dialog first.
 */
export function BalanceActions({ booking }: { booking: Booking }) {
  const { t } = useAdminTranslation();
  const [action, setAction] = useState<BalanceAction | null>(null);
  const id = shortId(booking.id);
  return (
    <div className="flex flex-wrap gap-2" data-testid="balance-actions">
      {booking.balance_auto_charge ? (
        <Button size="sm" variant="outline" onClick={() => setAction('charge_now')} aria-label={t('balances.actions.charge_nowNamed', { id })}>
          <CreditCard aria-hidden="true" />
          {t('balances.actions.charge_now')}
        </Button>
      ) : null}
      <Button size="sm" variant="outline" onClick={() => setAction('mark_paid')} aria-label={t('balances.actions.mark_paidNamed', { id })}>
        <BadgeCheck aria-hidden="true" />
        {t('balances.actions.mark_paid')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-red-700 hover:bg-red-50"
        onClick={() => setAction('waive')}
        aria-label={t('balances.actions.waiveNamed', { id })}
      >
        <HandHeart aria-hidden="true" />
        {t('balances.actions.waive')}
      </Button>
      <BookingDialog
        open={action !== null}
        onClose={() => setAction(null)}
        className="max-w-md"
        title={action ? t(`balances.confirm.${action}Title`, { id }) : ''}
        description={action ? <ActionDescription booking={booking} action={action} /> : null}
      >
        {action ? <ActionForm key={action} booking={booking} action={action} onDone={() => setAction(null)} /> : null}
      </BookingDialog>
    </div>
  );
}

function ActionDescription({ booking, action }: { booking: Booking; action: BalanceAction }) {
  const { t, i18n } = useAdminTranslation();
  return t(`balances.confirm.${action}Text`, {
    name: booking.user_name,
    amount: formatPrice(booking.balance_amount, i18n.language),
    date: booking.balance_due_date ? formatDate(booking.balance_due_date, i18n.language) : '—',
  });
}

function ActionForm({ booking, action, onDone }: { booking: Booking; action: BalanceAction; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const manage = useManageBalance();
  const [method, setMethod] = useState<RecordedPaymentMethod>('bank_transfer');
  const [note, setNote] = useState('');
  const submit = () => {
    const body: AdminBalanceBody = { action, note: note.trim(), ...(action === 'mark_paid' && { method }) };
    manage.mutate(
      { id: booking.id, body },
      {
        onSuccess: () => {
          toast.success(t(`balances.toasts.${action}`));
          onDone();
        },
        onError: (error) => toast.error(errorMessage(t, error, 'balances.toasts.actionFailed')),
      },
    );
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {action === 'mark_paid' ? (
        <FormField label={t('balances.record.method')}>
          {(control) => (
            <NativeSelect {...control} name="method" value={method} onChange={(event) => setMethod(event.target.value as RecordedPaymentMethod)}>
              {RECORDED_PAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {t(`balances.method.${value}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : null}
      <TextNoteField label={t('balances.record.note')} name="note" value={note} onChange={(event) => setNote(event.target.value)} maxLength={BALANCE_NOTE_MAX_LENGTH} />
      <DialogActions backLabel={t('balances.confirm.back')} onBack={onDone}>
        <Button type="submit" variant={action === 'waive' ? 'destructive' : 'default'} disabled={manage.isPending}>
          {t(`balances.confirm.${action}Yes`)}
        </Button>
      </DialogActions>
    </form>
  );
}
