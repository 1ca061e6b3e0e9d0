import type { FastifyBaseLogger } from 'fastify';
import type { Booking } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import type { UserRow } from '../auth/users-repository.ts';

/**
 * What the product tells people about. Each call runs inside the transaction of the event that causes it, so an
 * implementation that writes an outbox row commits or rolls back with the event itself.
 */
export interface Notifier {
  passwordResetRequested(tx: Executor, event: { user: UserRow; token: string; expiresAt: Date }): Promise<void>;
  bookingCreated(tx: Executor, booking: Booking): Promise<void>;
  bookingConfirmed(tx: Executor, booking: Booking): Promise<void>;
  bookingCancelled(tx: Executor, booking: Booking): Promise<void>;
}

/** Writes one line per event to the log; never the reset token itself. */
export class LogNotifier implements Notifier {
  constructor(private readonly log: FastifyBaseLogger) {}

  async passwordResetRequested(_tx: Executor, event: { user: UserRow }) {
    this.log.info({ userId: event.user.id }, 'password reset requested (no mailer configured)');
  }

  async bookingCreated(_tx: Executor, booking: Booking) {
    this.log.info({ bookingId: booking.id, status: booking.status }, 'booking created');
  }

  async bookingConfirmed(_tx: Executor, booking: Booking) {
    this.log.info({ bookingId: booking.id }, 'booking confirmed');
  }

  async bookingCancelled(_tx: Executor, booking: Booking) {
    this.log.info({ bookingId: booking.id, reason: booking.cancel_reason }, 'booking cancelled');
  }
}
