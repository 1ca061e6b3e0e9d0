import {
  DEFAULT_LANGUAGE,
  freeCancellationUntil,
  priceLinesAnswer,
  toEuros,
  type Booking,
  type CancelledBy,
  type CheckInStatus,
  type CancelReason,
  type Language,
  type RegistrationCountry,
  type StoredArrivalInstructions,
  type StoredTranslations,
} from '@roomweek/contract';
import { localisedText } from '../content/translations.ts';
import type { bookings } from '../../../db/schema.ts';

/** A booking as stored. */
export type BookingRow = typeof bookings.$inferSelect;

/** A booking with the room and property it is in: what the API answers and what its messages show. */
export interface BookingView {
  booking: BookingRow;
  roomNumber: string;
  propertyId: string;
  /** The property's French texts; `propertyTranslations` the others (docs/behaviour.md §15). */
  propertyName: string;
  propertyLocation: string;
  propertyTranslations: StoredTranslations;
  /** The property's arrival instructions per language (decision 0038): only its guest reads them, once due. */
  propertyArrivalInstructions: StoredArrivalInstructions;
  /** Whose guest registration the property's check-in follows (decision 0042). */
  propertyRegistrationCountry: RegistrationCountry;
  /** Whether its hold (if any) still runs, by the database's clock. */
  holdActive: boolean;
  /** Where its online check-in stands (null: never begun). */
  checkInStatus?: CheckInStatus | null;
}

/** Who cancelled, by why it was cancelled. */
const CANCELLED_BY_REASON: Record<CancelReason, CancelledBy> = {
  user: 'guest',
  admin: 'admin',
  expired: 'system',
  payment_failed: 'system',
  declined: 'admin',
};

/** A booking as the API answers it, its property's name in `language` where translated, else French (§15). */
export function toBooking({ booking, roomNumber, propertyId, propertyName, propertyTranslations, checkInStatus }: BookingView, language: Language = DEFAULT_LANGUAGE): Booking {
  const name = localisedText(propertyName, propertyTranslations, 'name', language);
  return {
    id: booking.id,
    room_id: booking.roomId,
    user_name: booking.userName,
    user_email: booking.userEmail,
    start_date: booking.startDate,
    end_date: booking.endDate,
    adults: booking.adults,
    children: booking.children,
    source: booking.source,
    total_price: toEuros(booking.totalCents),
    price_lines: priceLinesAnswer(booking.priceLines, language),
    rent_total: toEuros(booking.totalCents - booking.feesCents - booking.taxesCents),
    fees_total: toEuros(booking.feesCents),
    taxes_total: toEuros(booking.taxesCents),
    vat_included: toEuros(booking.vatCents),
    status: booking.status,
    payment_method: booking.paymentMethod,
    cancel_reason: booking.cancelReason,
    paid_amount: toEuros(booking.paidCents),
    refund_amount: toEuros(booking.refundedCents),
    refund_status: booking.refundStatus ?? 'none',
    failed_refund_amount: toEuros(booking.failedRefundCents),
    cancellation_policy: booking.cancellationPolicy,
    free_cancellation_until: freeCancellationUntil(booking.cancellationPolicy, booking.startDate),
    deposit_amount: toEuros(booking.totalCents - booking.balanceCents),
    balance_amount: toEuros(booking.balanceCents),
    balance_due_date: booking.balanceDueDate,
    balance_status: booking.balanceStatus,
    balance_auto_charge: booking.balanceAutoCharge,
    cancelled_by: booking.cancelReason ? CANCELLED_BY_REASON[booking.cancelReason] : null,
    hold_expires_at: booking.holdExpiresAt?.toISOString() ?? null,
    created_at: booking.createdAt.toISOString(),
    room_number: roomNumber,
    property_id: propertyId,
    property_name: name.text,
    text_languages: { property_name: name.language },
    check_in_status: checkInStatus ?? 'not_started',
    billing: booking.billing ?? null,
  };
}
