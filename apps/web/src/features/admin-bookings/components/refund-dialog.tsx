import { REFUND_REASON_MAX_LENGTH, toCents, type Booking, type RefundBody } from '@roomweek/contract';
import { useMemo, useRef, useState } from 'react';
import { SubmitButton } from '@/components/submit-button';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { draftFields } from '@/lib/draft-field';
import { formatCents, formatPrice, shortId } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useRefundBooking } from '../api/bookings';
import { refundForm, refundMessages } from '../lib/booking-forms';
import { refundableCents } from './admin-booking-card';
import { BookingDialog, DialogActions, RefundAmountField, TextNoteField } from './booking-dialog';

export interface RefundTarget {
  booking: Booking;
  /** Again after a failed refund. */
  retry: boolean;
}

/** The admin's refund without cancelling (docs/behaviour.md §10): an amount up to what is still refundable, a reason. */
export function RefundDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const id = target ? shortId(target.booking.id) : '';
  return (
    <BookingDialog
      open={target !== null}
      onClose={onClose}
      title={target?.retry ? t('bookings.refundDialog.retryTitle', { id }) : t('bookings.refundDialog.title', { id })}
      description={target ? <RefundDescription booking={target.booking} /> : null}
    >
      {/* A new form, and so a new Idempotency-Key, each time the dialog opens. */}
      {target ? <RefundForm key={target.booking.id} target={target} onDone={onClose} /> : null}
    </BookingDialog>
  );
}

function RefundDescription({ booking }: { booking: Booking }) {
  const { t, i18n } = useAdminTranslation();
  return t('bookings.refundDialog.description', {
    name: booking.user_name,
    paid: formatPrice(booking.paid_amount, i18n.language),
    refunded: formatPrice(booking.refund_amount, i18n.language),
  });
}

function RefundForm({ target, onDone }: { target: RefundTarget; onDone: () => void }) {
  const { t, i18n } = useAdminTranslation();
  const { booking, retry } = target;
  const refund = useRefundBooking();
  const maxCents = refundableCents(booking);
  // A retry sends again what failed (never more than is still refundable); otherwise everything still refundable.
  const initialCents = retry && booking.failed_refund_amount > 0 ? Math.min(toCents(booking.failed_refund_amount), maxCents) : maxCents;
  const [draft, setDraft] = useState({ amount: (initialCents / 100).toFixed(2), reason: '' });
  const schema = useMemo(() => refundForm(maxCents), [maxCents]);
  /**
   * One key per submission of this dialog: sending the same body again (a double click, a retry after a lost
   * answer) sends the same key, so the server refunds once; another amount or reason is another refund, another key.
   */
  const sent = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: RefundBody) => {
    const text = JSON.stringify(body);
    if (sent.current?.body !== text) sent.current = { body: text, key: newIdempotencyKey() };
    return sent.current.key;
  };

  const form = useMutationForm({
    schema,
    messages: refundMessages,
    t,
    values: () => draft,
    mutation: refund,
    variables: (body) => ({ id: booking.id, body, key: keyFor(body) }),
    onSaved: (updated, body) => {
      const amount = formatPrice(body.amount, i18n.language);
      if (updated.refund_status === 'succeeded') toast.success(t('bookings.toasts.refunded', { amount }));
      else toast.info(t('bookings.toasts.refundPending', { amount }));
      onDone();
    },
    failedKey: 'bookings.toasts.refundFailed',
    fieldOfCode: { refund_too_large: 'amount' },
  });
  const field = draftFields(draft, setDraft, form.errors);

  const busy = refund.isPending;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      {retry ? <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('bookings.refundDialog.retryNote')}</p> : null}
      <RefundAmountField
        label={t('bookings.refundDialog.amount')}
        {...field('amount')}
        hint={t('bookings.refundDialog.amountHint', { max: formatCents(maxCents, i18n.language) })}
      />
      <TextNoteField label={t('bookings.refundDialog.reason')} {...field('reason')} maxLength={REFUND_REASON_MAX_LENGTH} />
      <DialogActions backLabel={t('common.cancel')} onBack={onDone}>
        <SubmitButton pending={busy} pendingLabel={t('bookings.refundDialog.sending')}>
          {t('bookings.refundDialog.submit')}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}
