import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Booking, Language } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { outboxMessages, type OutboxKind } from '../../../db/outbox-schema.ts';
import { bookings, properties, rooms } from '../../../db/schema.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { Notifier } from './notifier.ts';
import { asLanguage, type BookingPayload, type PasswordResetPayload } from './templates.ts';

export interface OutboxNotifierOptions {
  /** The site's origin (PUBLIC_URL), for the links in messages. */
  publicUrl: string;
  /** The owner's alert is written in the site's default language: the admin number belongs to no account. */
  adminLanguage: Language;
  /** Seals the reset link while it waits in the outbox. */
  box: SecretBox;
  /** The admin's WhatsApp number as set in the settings, read inside the event's transaction; null when never set. */
  adminWhatsappNumber: (tx: Executor) => Promise<string | null>;
  log: FastifyBaseLogger;
}

/**
 * Writes each message the event causes as an outbox row, in the event's own transaction: the message exists exactly
 * when the event committed. The dispatcher sends it later (docs/decisions/0005-outbox.md).
 */
export class OutboxNotifier implements Notifier {
  constructor(private readonly options: OutboxNotifierOptions) {}

  async passwordResetRequested(tx: Executor, event: { user: UserRow; token: string; expiresAt: Date }) {
    const link = `${this.options.publicUrl}/reset-password?token=${encodeURIComponent(event.token)}`;
    const payload: PasswordResetPayload = { name: [event.user.firstName, event.user.name].filter(Boolean).join(' ') };
    await tx.insert(outboxMessages).values({
      channel: 'email',
      kind: 'password_reset',
      recipient: event.user.email,
      language: asLanguage(event.user.language),
      payload: { ...payload },
      secret: this.options.box.seal(link),
      // A link that can no longer work is not worth sending.
      expiresAt: event.expiresAt,
    });
  }

  /** A booking paid on site is confirmed at once; a card or wallet booking waits for its payment (bookingConfirmed). */
  async bookingCreated(tx: Executor, booking: Booking) {
    if (booking.status === 'confirmed') await this.bookingConfirmed(tx, booking);
  }

  /** The guest's confirmation and the owner's WhatsApp alert; at most once per booking, however often it is called. */
  async bookingConfirmed(tx: Executor, booking: Booking) {
    const { payload, language } = await this.bookingPayload(tx, booking);
    await this.enqueue(tx, 'email', 'booking_confirmation', booking.user_email, language, payload, booking.id);
    const number = await this.options.adminWhatsappNumber(tx);
    const digits = number?.replace(/\D/g, '') || null;
    if (!digits) this.options.log.warn({ bookingId: booking.id }, 'no admin WhatsApp number set: the booking alert cannot be sent');
    await this.enqueue(tx, 'whatsapp', 'admin_booking_alert', digits, this.options.adminLanguage, payload, booking.id);
  }

  async bookingCancelled(tx: Executor, booking: Booking) {
    const { payload, language } = await this.bookingPayload(tx, booking);
    await this.enqueue(tx, 'email', 'booking_cancelled', booking.user_email, language, payload, booking.id);
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
    await tx
      .insert(outboxMessages)
      .values({ channel, kind, recipient, language, payload: { ...payload }, dedupeKey: `${kind}:${bookingId}` })
      .onConflictDoNothing({ target: outboxMessages.dedupeKey });
  }

  /** Everything the booking's messages show, copied now so that sending never reads the booking again. */
  private async bookingPayload(tx: Executor, booking: Booking): Promise<{ payload: BookingPayload; language: Language }> {
    const [row] = await tx
      .select({ language: bookings.language, totalCents: bookings.totalCents, location: properties.location })
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(eq(bookings.id, booking.id));
    return {
      language: asLanguage(row?.language ?? this.options.adminLanguage),
      payload: {
        booking_id: booking.id,
        guest_name: booking.user_name,
        guest_email: booking.user_email,
        property_name: booking.property_name,
        property_location: row?.location ?? '',
        room_number: booking.room_number,
        start_date: booking.start_date,
        end_date: booking.end_date,
        total_cents: row?.totalCents ?? Math.round(booking.total_price * 100),
        payment_method: booking.payment_method,
        cancel_reason: booking.cancel_reason,
        site_url: this.options.publicUrl,
      },
    };
  }
}
