import type { Booking, CancellationQuote } from '@roomweek/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useSiteToday } from '@/config/public-config';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatPrice } from '@/lib/format';
import { useTranslation, type TFunction, BOOKING_NAMESPACES } from '@/lib/i18n';
import { useCancellationQuote } from '../api/get-cancellation-quote';

/**
 * What the guest gets back, said before they confirm (docs/behaviour.md §10): the amount and the part kept, or why
 * nothing comes back.
 */
export function refundSentence(t: TFunction, language: string, booking: Booking, quote: CancellationQuote, today: string | null) {
  if (quote.refund_amount > 0) {
    const refund = t('bookings.quote.refund', { amount: formatPrice(quote.refund_amount, language) });
    return quote.fee > 0 ? `${refund} ${t('bookings.quote.fee', { fee: formatPrice(quote.fee, language) })}` : refund;
  }
  if (quote.paid_amount === 0) return t('bookings.quote.nothingPaid');
  const reason =
    booking.refund_amount >= quote.paid_amount
      ? t('bookings.quote.reasons.alreadyRefunded')
      : today !== null && today >= booking.start_date
        ? t('bookings.quote.reasons.started')
        : t('bookings.quote.reasons.late', { date: formatDate(quote.free_cancellation_until, language) });
  return t('bookings.quote.noRefund', { reason });
}

/**
 * The guest's Cancel button and its prompt: opening it asks the server what would come back, and the prompt says
 * so before the guest can confirm.
 */
export function CancelBookingPrompt({
  booking,
  cancelling,
  onConfirm,
}: {
  booking: Booking;
  cancelling: boolean;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation(BOOKING_NAMESPACES);
  const language = i18n.language;
  const [open, setOpen] = useState(false);
  const quote = useCancellationQuote(booking.id, open);
  const today = useSiteToday();

  const money = quote.isPending
    ? t('bookings.quote.loading')
    : quote.isError
      ? t('bookings.quote.failed', { detail: errorMessage(t, quote.error, 'errors.generic') })
      : refundSentence(t, language, booking, quote.data, today);
  const stay = t('bookings.cancelConfirmDetail', {
    start: formatDate(booking.start_date, language),
    end: formatDate(booking.end_date, language),
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive-outline" size="sm" disabled={cancelling}>
          {t('bookings.cancel')}
        </Button>
      }
      title={t('bookings.cancelConfirm')}
      description={`${money} ${stay}`}
      confirmLabel={t('bookings.cancelYes')}
      cancelLabel={t('bookings.cancelNo')}
      destructive
      confirmDisabled={!quote.isSuccess}
      onConfirm={onConfirm}
    />
  );
}
