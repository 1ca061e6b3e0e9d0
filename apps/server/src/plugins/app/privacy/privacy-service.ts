import type { FastifyBaseLogger } from 'fastify';
import {
  toCents,
  toEuros,
  type AccountDeletion,
  type AccountExport,
  type DeleteAccountBody,
  type Guest,
  type GuestsQuery,
} from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { siteToday } from '../../../lib/dates.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { toUser, type UserRow } from '../auth/users-repository.ts';
import { toBooking, type BookingsRepository } from '../bookings/bookings-repository.ts';
import type { CheckInService } from '../check-in/check-in-service.ts';
import type { Cancellations } from '../payments/cancellations.ts';
import { messageSubject } from './message-subjects.ts';
import type { PrivacyRepository } from './privacy-repository.ts';

export interface PrivacyServiceOptions {
  db: Database;
  repository: PrivacyRepository;
  bookings: BookingsRepository;
  cancellations: Cancellations;
  auth: AuthService;
  /** The guest's check-ins, opened for their export (docs/decisions/0038). */
  checkIns: Pick<CheckInService, 'exportOf'>;
  timeZone: string;
  log: FastifyBaseLogger;
}

/** Cancel-then-anonymise rounds before giving up on an account that keeps booking meanwhile (409 account_has_bookings). */
const MAX_ROUNDS = 3;

/** Deleting an account asks for the password again: a wrong one is 401 (docs/behaviour.md §12), unlike a profile change's 400. */
const wrongPassword = () => new AppError(401, 'wrong_password', 'The password is incorrect', 'current_password');
const guestNotFound = () => notFound('guest_not_found', 'Guest not found');
const lastAdmin = () => conflict('last_admin', 'The last administrator account cannot be deleted; another administrator must exist first');

/** Refusals a booking may meet while it is being cancelled for a deletion: someone else got there first. */
const ALREADY_DONE = new Set(['booking_already_cancelled', 'booking_finished']);

/**
 * A guest's own data (docs/behaviour.md §12, decision 0021): the export of everything the site holds about an account,
 * the deletion of an account (by its owner, or by an admin on the guest's request), the admin's list of guests.
 */
export class PrivacyService {
  constructor(private readonly options: PrivacyServiceOptions) {}

  /** The account's profile, its bookings with their payments and refunds, and the messages sent to it. */
  async exportOf(userId: string): Promise<AccountExport> {
    const { repository, bookings } = this.options;
    const user = await repository.user(userId);
    if (!user) throw guestNotFound();
    const views = await bookings.listForUser(userId);
    const ids = views.map((view) => view.booking.id);
    const [payments, refunds, messages, reviews, checkIns] = await Promise.all([
      repository.paymentsOf(ids),
      repository.refundsOf(ids),
      repository.messagesOf(userId),
      repository.reviewsOf(userId),
      this.options.checkIns.exportOf(views),
    ]);
    return {
      format: 'roomweek-account-export',
      version: 1,
      exported_at: new Date().toISOString(),
      profile: { ...toUser(user), created_at: user.createdAt.toISOString(), anonymised_at: user.deletedAt?.toISOString() ?? null },
      bookings: views.map((view) => ({
        ...toBooking(view),
        // The travellers as entered, documents and dates of birth opened (null: never begun, or deleted after the stay).
        check_in: checkIns.get(view.booking.id) ?? null,
        payments: payments
          .filter((payment) => payment.bookingId === view.booking.id)
          .map((payment) => ({
            provider: payment.provider,
            status: payment.status,
            amount: toEuros(payment.amountCents),
            created_at: payment.createdAt.toISOString(),
          })),
        refunds: refunds
          .filter((refund) => refund.bookingId === view.booking.id)
          .map((refund) => ({
            provider: refund.provider,
            amount: toEuros(refund.amountCents),
            status: refund.status,
            reason: refund.reason,
            created_at: refund.createdAt.toISOString(),
          })),
      })),
      messages: messages.map((message) => ({
        channel: message.channel,
        kind: message.kind,
        subject: messageSubject(message.kind, message.language, message.payload),
        status: message.status,
        created_at: message.createdAt.toISOString(),
        sent_at: message.sentAt?.toISOString() ?? null,
        content_erased: message.erasedAt !== null,
      })),
      reviews: reviews.map(({ review, propertyName, roomNumber }) => ({
        id: review.id,
        booking_id: review.bookingId,
        property_name: propertyName,
        room_number: roomNumber,
        rating: review.rating,
        comment: review.comment,
        language: review.language,
        reply: review.reply,
        hidden: review.hidden,
        hidden_reason: review.hiddenReason,
        created_at: review.createdAt.toISOString(),
        updated_at: review.updatedAt.toISOString(),
      })),
    };
  }

  /** A guest's data for the admin: a client account, else 404 `guest_not_found`. */
  async guestExport(guestId: string): Promise<AccountExport> {
    await this.guest(guestId);
    return this.exportOf(guestId);
  }

  /**
   * The signed-in user deletes their own account, password given again: upcoming bookings are cancelled as the guest
   * would cancel them (refunds by each booking's terms), then the account is anonymised. The last admin may not.
   */
  async deleteOwnAccount(user: UserRow, body: DeleteAccountBody): Promise<AccountDeletion> {
    await this.options.auth.checkCurrentPassword(user, body.current_password, wrongPassword);
    // Said before anything is cancelled; checked again, under lock, where it counts.
    if (user.role === 'admin' && (await this.liveAdminCount()) <= 1) throw lastAdmin();
    return this.erase(user, user);
  }

  /**
   * An admin anonymises a guest who asked for it, with the admin's own password: upcoming bookings are cancelled as an
   * admin cancels (everything paid comes back), then the account is anonymised as when the guest deletes it.
   */
  async anonymiseGuest(admin: UserRow, guestId: string, body: DeleteAccountBody): Promise<AccountDeletion> {
    const guest = await this.guest(guestId);
    await this.options.auth.checkCurrentPassword(admin, body.current_password, wrongPassword);
    return this.erase(admin, guest);
  }

  async guests(query: GuestsQuery): Promise<{ guests: Guest[]; total: number }> {
    const { rows, total } = await this.options.repository.guests(query);
    return {
      total,
      guests: rows.map(({ user, bookings }) => ({
        id: user.id,
        name: user.name,
        first_name: user.firstName,
        email: user.email,
        phone: user.phone,
        language: user.language,
        created_at: user.createdAt.toISOString(),
        bookings,
        anonymised_at: user.deletedAt?.toISOString() ?? null,
      })),
    };
  }

  private async guest(id: string): Promise<UserRow> {
    const user = await this.options.repository.user(id);
    if (!user || user.role !== 'client') throw guestNotFound();
    return user;
  }

  private async liveAdminCount(): Promise<number> {
    return this.options.db.transaction(async (tx) => (await this.options.repository.lockLiveAdmins(tx)).length);
  }

  /**
   * Cancels `subject`'s upcoming bookings through the normal path (each in its own transaction, its refund sent after
   * it commits), then anonymises the account in one transaction that first makes sure no new booking slipped in
   * meanwhile (under the account's booking lock, which new bookings take too); if one did, another round.
   */
  private async erase(actor: UserRow, subject: UserRow): Promise<AccountDeletion> {
    const { db, repository, bookings, timeZone } = this.options;
    const result = { cancelled_bookings: 0, refundCents: 0 };
    for (let round = 0; round < MAX_ROUNDS; round++) {
      await this.cancelUpcoming(actor, subject.id, result);
      const done = await db.transaction(async (tx) => {
        // An admin's row is locked with the other admins', always in the same order: two admins leaving at once
        // cannot both pass, nor wait on each other.
        if (subject.role === 'admin') {
          const admins = await repository.lockLiveAdmins(tx);
          if (admins.includes(subject.id) && admins.length <= 1) throw lastAdmin();
        }
        const account = await repository.lockUser(tx, subject.id);
        if (!account) throw guestNotFound();
        await bookings.lockUserBookings(tx, subject.id);
        if ((await repository.upcomingBookingIds(subject.id, siteToday(timeZone), tx)).length > 0) return false;
        await repository.anonymise(tx, account);
        return true;
      });
      if (done) {
        this.options.log.info({ userId: subject.id, by: actor.id === subject.id ? 'self' : actor.id, cancelled: result.cancelled_bookings }, 'account anonymised');
        return { cancelled_bookings: result.cancelled_bookings, refund_amount: toEuros(result.refundCents) };
      }
    }
    throw conflict('account_has_bookings', 'New bookings keep arriving on this account; please try again');
  }

  private async cancelUpcoming(actor: UserRow, userId: string, result: { cancelled_bookings: number; refundCents: number }): Promise<void> {
    const { repository, bookings, cancellations, timeZone } = this.options;
    for (const id of await repository.upcomingBookingIds(userId, siteToday(timeZone))) {
      const before = (await bookings.view(id))?.booking.refundedCents ?? 0;
      try {
        const cancelled = await cancellations.cancel(actor, id, {});
        result.cancelled_bookings++;
        result.refundCents += Math.max(0, toCents(cancelled.refund_amount) - before);
      } catch (error) {
        if (error instanceof AppError && ALREADY_DONE.has(error.code)) continue;
        throw error;
      }
    }
  }
}
