import type { FastifyBaseLogger } from 'fastify';
import { arrivalInstructionsDue, arrivalInstructionsIn, chargeName, freeCancellationUntil, isChargeLine, type Language } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import type { OutboxKind } from '../../../db/outbox-schema.ts';
import { siteToday } from '../../../lib/dates.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { maskEmail } from '../auth/auth-service.ts';
import { fullName, type UserRow } from '../auth/users-repository.ts';
import type { BookingView } from '../bookings/bookings-repository.ts';
import { claimCheckInNotice } from '../check-in/check-in-repository.ts';
import { localisedText } from '../content/translations.ts';
import type { Notifier } from './notifier.ts';
import type { OutboxRepository } from './outbox-repository.ts';
import { asLanguage, type BookingPayload, type EmailChangedPayload, type PasswordResetPayload } from './templates.ts';

type AccountLinkEvent = { user: UserRow; token: string; expiresAt: Date };

export interface OutboxNotifierOptions {
  /** The site's origin (PUBLIC_URL), for the links in messages. */
  publicUrl: string;
  /** The owner's alert is written in the site's default language: the admin number belongs to no account. */
  adminLanguage: Language;
  /** Seals the reset link while it waits in the outbox. */
  box: SecretBox;
  /** The admin's WhatsApp number as set in the settings, read inside the event's transaction; null when never set. */
  adminWhatsappNumber: (tx: Executor) => Promise<string | null>;
  /** TZ_SITE: the confirmation states only the cancellation terms still ahead on the site's day. */
  timeZone: string;
  /** ARRIVAL_INSTRUCTIONS_DAYS: a stay confirmed this close to arrival gets its arrival instructions with the confirmation. */
  arrivalInstructionsDays: number;
  log: FastifyBaseLogger;
  /** Where the rows are written (in the event's transaction). */
  outbox: OutboxRepository;
}

/**
 * Writes each message the event causes as an outbox row, in the event's own transaction: the message exists exactly
 * when the event committed. The dispatcher sends it later (docs/decisions/0005-outbox.md).
 */
/** What a balance's messages add to the booking's (decision 0044). */
const balanceFacts = ({ booking }: BookingView) => ({
  balance_cents: booking.balanceCents,
  balance_due_date: booking.balanceDueDate ?? booking.startDate,
  balance_auto_charge: booking.balanceAutoCharge,
});

export class OutboxNotifier implements Notifier {
  constructor(private readonly options: OutboxNotifierOptions) {}

  async passwordResetRequested(tx: Executor, event: AccountLinkEvent) {
    // A link that can no longer work is not worth sending.
    await this.emailLink(tx, event, 'password_reset', 'reset-password');
  }

  /** A notice to the old address: the new one is shown masked, in case the old mailbox is no longer the owner's. */
  async emailChanged(tx: Executor, event: { user: UserRow; newEmail: string }) {
    const payload: EmailChangedPayload = { name: fullName(event.user), new_email_hint: maskEmail(event.newEmail), site_url: this.options.publicUrl };
    await this.emailAccount(tx, event.user, 'email_changed', payload);
  }

  /** The link that proves the address, sealed while it waits in the outbox like a reset link. */
  async emailVerificationRequested(tx: Executor, event: AccountLinkEvent) {
    await this.emailLink(tx, event, 'email_verification', 'verify-email');
  }

  /** The reset page chooses the first password as it chooses a new one: the token is a reset token (password_resets). */
  async accountInvited(tx: Executor, event: AccountLinkEvent) {
    await this.emailLink(tx, event, 'account_invitation', 'reset-password');
  }

  async staffInvited(tx: Executor, event: AccountLinkEvent) {
    await this.emailLink(tx, event, 'staff_invitation', 'reset-password');
  }

  /** An e-mail carrying a link with a credential (`page?token=`), sealed while it waits and given up once it expires. */
  private async emailLink(tx: Executor, event: AccountLinkEvent, kind: OutboxKind, page: string) {
    const link = `${this.options.publicUrl}/${page}?token=${encodeURIComponent(event.token)}`;
    const payload: PasswordResetPayload = { name: fullName(event.user) };
    await this.emailAccount(tx, event.user, kind, payload, { secret: this.options.box.seal(link), expiresAt: event.expiresAt });
  }

  /** An e-mail about the account itself, to its (current) address in its language. */
  private async emailAccount(
    tx: Executor,
    user: UserRow,
    kind: OutboxKind,
    payload: PasswordResetPayload | EmailChangedPayload,
    extra: { secret?: string; expiresAt?: Date } = {},
  ) {
    await this.options.outbox.insert(tx, {
      channel: 'email',
      kind,
      recipient: user.email,
      language: asLanguage(user.language),
      payload: { ...payload },
      userId: user.id,
      ...extra,
    });
  }

  /** The guest's confirmation and the owner's WhatsApp alert; at most once per booking, however often it is called. */
  async bookingConfirmed(tx: Executor, view: BookingView, approval?: { message?: string | null }) {
    const { booking } = view;
    const language = asLanguage(booking.language);
    const confirmedOn = siteToday(this.options.timeZone);
    const approved = approval ? { approved: true, owner_message: approval.message || null } : {};
    const instructions = await this.arrivalInstructionsNow(tx, view, language, confirmedOn);
    const guest = { ...this.bookingPayload(view, language), confirmed_on: confirmedOn, ...approved, ...instructions };
    const owner = { ...this.bookingPayload(view, this.options.adminLanguage), confirmed_on: confirmedOn };
    await this.enqueue(tx, 'email', 'booking_confirmation', booking.userEmail, language, guest, booking.id);
    await this.enqueue(tx, 'whatsapp', 'admin_booking_alert', await this.adminDigits(tx, booking.id), this.options.adminLanguage, owner, booking.id);
  }

  /** The guest's "request received" e-mail and the owner's WhatsApp request to approve or decline it. */
  async bookingAwaitingApproval(tx: Executor, view: BookingView) {
    const { booking } = view;
    const language = asLanguage(booking.language);
    await this.enqueue(tx, 'email', 'booking_requested', booking.userEmail, language, this.bookingPayload(view, language), booking.id);
    const owner = this.bookingPayload(view, this.options.adminLanguage);
    await this.enqueue(tx, 'whatsapp', 'admin_approval_request', await this.adminDigits(tx, booking.id), this.options.adminLanguage, owner, booking.id);
  }

  /**
   * The guest's cancellation e-mail, with the refund the caller recorded before; and the owner's WhatsApp alert when a
   * person (the guest or an admin) cancelled a booking the owner was told about — not a hold that expired or whose
   * payment failed, nor a hold never confirmed.
   */
  async bookingCancelled(tx: Executor, view: BookingView, refund: { refundByHandCents?: number } = {}) {
    const { booking } = view;
    const language = asLanguage(booking.language);
    const declined = booking.cancelReason === 'declined' ? { owner_message: booking.cancelNote } : {};
    await this.enqueue(tx, 'email', 'booking_cancelled', booking.userEmail, language, { ...this.bookingPayload(view, language), ...declined }, booking.id);
    const byPerson = booking.cancelReason === 'user' || booking.cancelReason === 'admin';
    if (byPerson && booking.confirmedAt) {
      const digits = await this.adminDigits(tx, booking.id);
      const owner = { ...this.bookingPayload(view, this.options.adminLanguage), ...(refund.refundByHandCents ? { refund_by_hand_cents: refund.refundByHandCents } : {}) };
      await this.enqueue(tx, 'whatsapp', 'admin_cancellation_alert', digits, this.options.adminLanguage, owner, booking.id);
    }
  }

  /** The guest's reminder to check in online, in the booking's language (docs/decisions/0036). */
  async checkInReminder(tx: Executor, view: BookingView) {
    const language = asLanguage(view.booking.language);
    await this.enqueue(tx, 'email', 'check_in_reminder', view.booking.userEmail, language, this.bookingPayload(view, language), view.booking.id);
  }

  /**
   * The guest's arrival instructions (docs/decisions/0038), in `language` or else French, as an e-mail of their own,
   * once (the caller claimed the notice in this transaction).
   */
  async arrivalInstructions(tx: Executor, view: BookingView, text: string) {
    const language = asLanguage(view.booking.language);
    const payload = { ...this.bookingPayload(view, language), arrival_instructions: text };
    await this.enqueue(tx, 'email', 'arrival_instructions', view.booking.userEmail, language, payload, view.booking.id);
  }

  /** The guest's balance reminders and the refused charge's e-mail, in the booking's language (decision 0044). */
  async balanceReminder(tx: Executor, view: BookingView, stage: 'soon' | 'due') {
    await this.balanceEmail(tx, view, stage === 'soon' ? 'balance_reminder' : 'balance_due');
  }

  async balanceChargeFailed(tx: Executor, view: BookingView) {
    await this.balanceEmail(tx, view, 'balance_charge_failed');
  }

  /** The owner's WhatsApp alert of a balance unpaid past its grace days. */
  async balanceOverdue(tx: Executor, view: BookingView) {
    const language = this.options.adminLanguage;
    const payload = { ...this.bookingPayload(view, language), ...balanceFacts(view) };
    await this.enqueue(tx, 'whatsapp', 'admin_balance_overdue', await this.adminDigits(tx, view.booking.id), language, payload, view.booking.id);
  }

  private async balanceEmail(tx: Executor, view: BookingView, kind: 'balance_reminder' | 'balance_due' | 'balance_charge_failed') {
    const language = asLanguage(view.booking.language);
    const payload = { ...this.bookingPayload(view, language), ...balanceFacts(view) };
    await this.enqueue(tx, 'email', kind, view.booking.userEmail, language, payload, view.booking.id);
  }

  /**
   * A stay confirmed ARRIVAL_INSTRUCTIONS_DAYS or less before arrival: its confirmation carries the instructions, and
   * the notice is claimed so the job does not send them again. Nothing when not yet due, none written, or already sent.
   */
  private async arrivalInstructionsNow(tx: Executor, view: BookingView, language: Language, today: string) {
    if (!arrivalInstructionsDue(view.booking.startDate, today, this.options.arrivalInstructionsDays)) return {};
    const text = arrivalInstructionsIn(view.propertyArrivalInstructions, language);
    if (!text || !(await claimCheckInNotice(tx, view.booking.id, 'arrival_instructions'))) return {};
    return { arrival_instructions: text };
  }

  /** The admin's WhatsApp number as digits; null (the alert is kept, and fails as "no recipient") when none is set. */
  private async adminDigits(tx: Executor, bookingId: string): Promise<string | null> {
    const number = await this.options.adminWhatsappNumber(tx);
    const digits = number?.replace(/\D/g, '') || null;
    if (!digits) this.options.log.warn({ bookingId }, 'no admin WhatsApp number set: the owner alert cannot be sent');
    return digits;
  }

  private async enqueue(
    tx: Executor,
    channel: 'email' | 'whatsapp',
    kind: OutboxKind,
    recipient: string | null,
    language: Language,
    payload: BookingPayload,
    bookingId: string,
  ) {
    await this.options.outbox.insertForBooking(tx, { channel, kind, recipient, language, payload: { ...payload }, dedupeKey: `${kind}:${bookingId}` }, bookingId);
  }

  /**
   * Everything the booking's messages show, copied now so that sending never reads the booking again; the property's
   * name and place in the recipient's language where translated, else French (docs/behaviour.md §15).
   */
  private bookingPayload(
    { booking, roomNumber, propertyName, propertyLocation, propertyTranslations }: BookingView,
    language: Language,
  ): BookingPayload {
    return {
      booking_id: booking.id,
      guest_name: booking.userName,
      guest_email: booking.userEmail,
      property_name: localisedText(propertyName, propertyTranslations, 'name', language).text,
      property_location: localisedText(propertyLocation, propertyTranslations, 'location', language).text,
      room_number: roomNumber,
      start_date: booking.startDate,
      end_date: booking.endDate,
      adults: booking.adults,
      children: booking.children,
      total_cents: booking.totalCents,
      // The price's lines as the booking kept them (docs/behaviour.md §18), names in the recipient's language.
      rent_cents: booking.totalCents - booking.feesCents - booking.taxesCents,
      charges: booking.priceLines.filter(isChargeLine).map((line) => ({
        name: chargeName(line.name, language),
        quantity: line.quantity,
        unit_cents: line.unitCents,
        amount_cents: line.amountCents,
      })),
      vat_cents: booking.vatCents,
      payment_method: booking.paymentMethod,
      cancel_reason: booking.cancelReason,
      paid_cents: booking.paidCents,
      refund_cents: booking.refundedCents,
      free_cancellation_until: freeCancellationUntil(booking.cancellationPolicy, booking.startDate),
      late_refund_percent: booking.cancellationPolicy.late_refund_percent,
      site_url: this.options.publicUrl,
    };
  }
}
