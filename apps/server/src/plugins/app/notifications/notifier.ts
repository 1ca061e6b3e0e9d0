import type { Executor } from '../../../db/client.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { BookingView } from '../bookings/bookings-repository.ts';

/**
 * What the product tells people about. Each call runs inside the transaction of the event that causes it, so an
 * implementation that writes an outbox row commits or rolls back with the event itself.
 */
export interface Notifier {
  passwordResetRequested(tx: Executor, event: { user: UserRow; token: string; expiresAt: Date }): Promise<void>;
  /** The account's e-mail changed: `user` as it was, so the notice goes to the old address, in the user's language. */
  emailChanged(tx: Executor, event: { user: UserRow; newEmail: string }): Promise<void>;
  /** A booking became confirmed: on site at once, or once its payment came (booking-lifecycle.ts). */
  bookingConfirmed(tx: Executor, booking: BookingView): Promise<void>;
  /** The guest or an admin cancelled a booking. */
  bookingCancelled(tx: Executor, booking: BookingView): Promise<void>;
}
