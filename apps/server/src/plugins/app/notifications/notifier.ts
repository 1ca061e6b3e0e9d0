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
  /** A link that proves the account's e-mail: at registration, and again when asked (docs/decisions/0029). */
  emailVerificationRequested(tx: Executor, event: { user: UserRow; token: string; expiresAt: Date }): Promise<void>;
  /** An account the owner opened with a booking they entered: a link to choose its password (docs/decisions/0032). */
  accountInvited(tx: Executor, event: { user: UserRow; token: string; expiresAt: Date }): Promise<void>;
  /** An admin invited an admin or staff member: the link to choose a first password (docs/decisions/0039). */
  staffInvited(tx: Executor, event: { user: UserRow; token: string; expiresAt: Date }): Promise<void>;
  /**
   * A booking became confirmed: on site at once, once its payment came, or once the owner approved it (`approval`,
   * with the owner's optional message) (booking-lifecycle.ts).
   */
  bookingConfirmed(tx: Executor, booking: BookingView, approval?: { message?: string | null }): Promise<void>;
  /** An on-site booking waits for the owner's approval: the guest is told so, the owner asked. */
  bookingAwaitingApproval(tx: Executor, booking: BookingView): Promise<void>;
  /**
   * The guest or an admin cancelled a booking, or the owner declined it (its `cancel_note` is the owner's message).
   * `refundByHandCents`: what the terms give back of money recorded by hand, for the owner to return (decision 0044).
   */
  bookingCancelled(tx: Executor, booking: BookingView, refund?: { refundByHandCents?: number }): Promise<void>;
  /** A confirmed stay arrives soon and its online check-in is not complete (docs/decisions/0036). */
  checkInReminder(tx: Executor, booking: BookingView): Promise<void>;
  /** A confirmed stay's arrival instructions are due: `text` in the guest's language or French (docs/decisions/0038). */
  arrivalInstructions(tx: Executor, booking: BookingView, text: string): Promise<void>;
  /** The balance is due within BALANCE_REMINDER_DAYS (`soon`) or today (`due`): the guest is reminded, once each (decision 0044). */
  balanceReminder(tx: Executor, booking: BookingView, stage: 'soon' | 'due'): Promise<void>;
  /** The saved card was refused for the balance: the guest is asked to pay it (decision 0044). */
  balanceChargeFailed(tx: Executor, booking: BookingView): Promise<void>;
  /** A balance unpaid past its grace days: the owner is told (decision 0044). */
  balanceOverdue(tx: Executor, booking: BookingView): Promise<void>;
}
