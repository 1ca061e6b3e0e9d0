import { REFUND_REASON_MAX_LENGTH, type Booking, type CancelBookingBody } from '@roomweek/contract';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { draftFields } from '@/lib/draft-field';
import { formatCents, formatDate } from '@/lib/format';
import { useZodForm } from '@/lib/use-zod-form';
import { adminCancelForm, adminCancelMessages } from '../lib/booking-forms';
import { refundableCents } from './admin-booking-card';
import { BookingDialog, DialogActions, RefundAmountField, TextNoteField } from './booking-dialog';

/**
 * The admin's cancel (docs/behaviour.md §10): the guest is told and the dates free up; what was paid and not yet
 * refunded comes back by default, or the amount the admin types (0: nothing), with an optional reason.
 */
export function AdminCancelDialog({
  booking,
  onClose,
  onConfirm,
}: {
  booking: Booking | null;
  onClose: () => void;
  onConfirm: (booking: Booking, body: CancelBookingBody) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  return (
    <BookingDialog
      open={booking !== null}
      onClose={onClose}
      className="max-w-md"
      title={t('bookings.cancelConfirm')}
      description={
        booking
          ? t('bookings.cancelExplain', {
              name: booking.user_name,
              start: formatDate(booking.start_date, i18n.language),
              end: formatDate(booking.end_date, i18n.language),
            })
          : null
      }
    >
      {booking ? (
        <CancelForm
          key={booking.id}
          booking={booking}
          onCancel={onClose}
          onValid={(body) => {
            onConfirm(booking, body);
            onClose();
          }}
        />
      ) : null}
    </BookingDialog>
  );
}

function CancelForm({
  booking,
  onCancel,
  onValid,
}: {
  booking: Booking;
  onCancel: () => void;
  onValid: (body: CancelBookingBody) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const maxCents = refundableCents(booking);
  const refundable = maxCents > 0;
  const [draft, setDraft] = useState({ refund_amount: (maxCents / 100).toFixed(2), reason: '' });
  const schema = useMemo(() => adminCancelForm(maxCents), [maxCents]);
  const form = useZodForm({
    schema,
    messages: adminCancelMessages,
    t,
    // Nothing refundable (paid on site, not paid yet, all refunded): no amount is sent.
    values: () => (refundable ? draft : { reason: draft.reason }),
    onValid,
  });

  const field = draftFields(draft, setDraft, form.errors);

  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      {refundable ? (
        <RefundAmountField
          label={t('bookings.cancelDialog.amount')}
          {...field('refund_amount')}
          hint={t('bookings.cancelDialog.amountHint', { max: formatCents(maxCents, i18n.language) })}
        />
      ) : (
        <p className="text-sm text-stone-600">{t('bookings.cancelDialog.noPayment')}</p>
      )}
      <TextNoteField label={t('bookings.cancelDialog.reason')} {...field('reason')} maxLength={REFUND_REASON_MAX_LENGTH} />
      <DialogActions backLabel={t('bookings.cancelNo')} onBack={onCancel}>
        <Button type="submit" variant="destructive">
          {t('bookings.cancelYes')}
        </Button>
      </DialogActions>
    </form>
  );
}
