import { paymentSchedule, type PaymentTermsRules } from '@roomweek/contract';
import type { BookingRow } from '../bookings/bookings-repository.ts';

/**
 * A booking's payment schedule as stored (docs/decisions/0044-deposits-and-balances.md): the one place that turns the
 * terms in force, the price and the way the guest pays into the columns a booking keeps, and says what is owed when.
 */

/** The columns a new booking (or a hold whose way of paying changed) takes from the terms in force on `today`. */
export function scheduleColumns(
  terms: PaymentTermsRules,
  price: { totalCents: number; taxesCents: number },
  startDate: string,
  paymentMethod: BookingRow['paymentMethod'],
  today: string,
): Pick<BookingRow, 'paymentTerms' | 'balanceCents' | 'balanceDueDate' | 'balanceStatus'> {
  // Paid on site: the owner records what comes (POST /admin/bookings/{id}/payments); no schedule.
  if (paymentMethod === 'on_site') return { paymentTerms: null, balanceCents: 0, balanceDueDate: null, balanceStatus: 'none' };
  const schedule = paymentSchedule(terms, { totalCents: price.totalCents, taxesCents: price.taxesCents, startDate }, today);
  return {
    paymentTerms: terms,
    balanceCents: schedule.balanceCents,
    balanceDueDate: schedule.balanceDueDate,
    balanceStatus: schedule.balanceCents > 0 ? 'due' : 'none',
  };
}

/** What the booking's own payment (its checkout or order) charges: the deposit when a balance follows, else the total. */
export const dueAtBookingCents = (booking: Pick<BookingRow, 'totalCents' | 'balanceCents'>): number => booking.totalCents - booking.balanceCents;

/** Whether a balance is still owed on it (due, or overdue). */
export const balanceOpen = (booking: Pick<BookingRow, 'status' | 'balanceStatus'>): boolean =>
  booking.status === 'confirmed' && (booking.balanceStatus === 'due' || booking.balanceStatus === 'overdue');

/** What is still owed on a booking: its total less what it received (never below 0); a waived balance owes nothing. */
export function owedCents(booking: Pick<BookingRow, 'totalCents' | 'paidCents' | 'balanceStatus' | 'status'>): number {
  if (booking.status === 'cancelled' || booking.balanceStatus === 'waived') return 0;
  return Math.max(0, booking.totalCents - booking.paidCents);
}
