import { REFUND_REASON_MAX_LENGTH, type Booking, type CancelBookingBody } from '@roomweek/contract';
import { useMemo, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { formatCents, formatDate } from '@/lib/format';
import { useZodForm } from '@/lib/use-zod-form';
import { adminCancelForm, adminCancelMessages } from '../lib/booking-forms';
import { refundableCents } from './admin-booking-card';

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
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('bookings.cancelConfirm')}</DialogTitle>
          <DialogDescription>
            {booking
              ? t('bookings.cancelExplain', {
                  name: booking.user_name,
                  start: formatDate(booking.start_date, i18n.language),
                  end: formatDate(booking.end_date, i18n.language),
                })
              : null}
          </DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
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

  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      {refundable ? (
        <FormField
          label={t('bookings.cancelDialog.amount')}
          name="refund_amount"
          inputMode="decimal"
          value={draft.refund_amount}
          onChange={(event) => setDraft((current) => ({ ...current, refund_amount: event.target.value }))}
          required
          hint={t('bookings.cancelDialog.amountHint', { max: formatCents(maxCents, i18n.language) })}
          error={form.errors.refund_amount}
        />
      ) : (
        <p className="text-sm text-stone-600">{t('bookings.cancelDialog.noPayment')}</p>
      )}
      <FormField label={t('bookings.cancelDialog.reason')} error={form.errors.reason}>
        {(control) => (
          <Textarea
            {...control}
            name="reason"
            value={draft.reason}
            onChange={(event) => setDraft((current) => ({ ...current, reason: event.target.value }))}
            maxLength={REFUND_REASON_MAX_LENGTH}
            rows={3}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('bookings.cancelNo')}
        </Button>
        <Button type="submit" variant="destructive">
          {t('bookings.cancelYes')}
        </Button>
      </DialogFooter>
    </form>
  );
}
