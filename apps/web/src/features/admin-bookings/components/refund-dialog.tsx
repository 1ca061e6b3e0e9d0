import { REFUND_REASON_MAX_LENGTH, toCents, type Booking, type RefundBody } from '@roomweek/contract';
import { useMemo, useRef, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';
import { formatCents, formatPrice, shortId } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useRefundBooking } from '../api/bookings';
import { refundForm, refundMessages } from '../lib/booking-forms';
import { refundableCents } from './admin-booking-card';

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
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{target?.retry ? t('bookings.refundDialog.retryTitle', { id }) : t('bookings.refundDialog.title', { id })}</DialogTitle>
          <DialogDescription>
            {target ? <RefundDescription booking={target.booking} /> : null}
          </DialogDescription>
        </DialogHeader>
        {/* A new form, and so a new Idempotency-Key, each time the dialog opens. */}
        {target ? <RefundForm key={target.booking.id} target={target} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
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

  const form = useZodForm({
    schema,
    messages: refundMessages,
    t,
    values: () => draft,
    onValid: (body) =>
      refund.mutate(
        { id: booking.id, body, key: keyFor(body) },
        {
          onSuccess: (updated) => {
            const amount = formatPrice(body.amount, i18n.language);
            if (updated.refund_status === 'succeeded') toast.success(t('bookings.toasts.refunded', { amount }));
            else toast.info(t('bookings.toasts.refundPending', { amount }));
            onDone();
          },
          onError: (error) => {
            const text = errorMessage(t, error, 'bookings.toasts.refundFailed');
            form.showServerError(error, text, { refund_too_large: 'amount' });
            toast.error(text);
          },
        },
      ),
  });

  const busy = refund.isPending;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      {retry ? <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('bookings.refundDialog.retryNote')}</p> : null}
      <FormField
        label={t('bookings.refundDialog.amount')}
        name="amount"
        inputMode="decimal"
        value={draft.amount}
        onChange={(event) => setDraft((current) => ({ ...current, amount: event.target.value }))}
        required
        hint={t('bookings.refundDialog.amountHint', { max: formatCents(maxCents, i18n.language) })}
        error={form.errors.amount}
      />
      <FormField label={t('bookings.refundDialog.reason')} error={form.errors.reason}>
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
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="text-white [&_svg]:size-4" label={t('bookings.refundDialog.sending')} /> : null}
          {t('bookings.refundDialog.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
