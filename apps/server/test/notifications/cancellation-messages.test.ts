import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Booking } from '@roomweek/contract';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { bookings } from '../../src/db/schema.ts';
import { SecretBox } from '../../src/lib/secrets.ts';
import { OutboxNotifier } from '../../src/plugins/app/notifications/outbox-notifier.ts';
import { OutboxRepository } from '../../src/plugins/app/notifications/outbox-repository.ts';
import { renderBookingConfirmation, type BookingPayload } from '../../src/plugins/app/notifications/templates.ts';
import { bearer, book, siteDate } from '../helper.ts';
import { paymentsWorld, pendingBooking, type PaymentsWorld } from '../payments/payments-support.ts';
import { cancelBooking, paidByCard, roomAt } from '../cancellation/cancellation-support.ts';
import { FakeWhatsapp } from '../fakes/fake-whatsapp.ts';
import { SmtpSink } from '../fakes/smtp-sink.ts';
import { outboxRows, plainSpaces } from './outbox-support.ts';

const PHONE_NUMBER_ID = '109876543210';

const frenchDate = (date: string) =>
  new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

describe('cancellation messages through the outbox', () => {
  let smtp: SmtpSink;
  let whatsapp: FakeWhatsapp;
  let w: PaymentsWorld;

  const rowsOf = async (bookingId: string) => (await outboxRows(w.db)).filter((row) => row.payload.booking_id === bookingId);
  const alertsOf = async (bookingId: string) => (await rowsOf(bookingId)).filter((row) => row.kind === 'admin_cancellation_alert');
  const sentTo = (bookingId: string) => smtp.received.filter((email) => email.text.includes(bookingId.slice(0, 8)));

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    whatsapp = await FakeWhatsapp.start();
    w = await paymentsWorld({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'RoomWeek <bookings@roomweek.test>',
      WHATSAPP_API_URL: whatsapp.url,
      WHATSAPP_TOKEN: 'test-token',
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    });
    const saved = await w.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp-settings',
      headers: bearer(w.admin),
      payload: { whatsapp_number: '+32 470 12 34 56' },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await w.close();
    await smtp.stop();
    await whatsapp.stop();
  });
  afterEach(async () => {
    smtp.received.length = 0;
    whatsapp.accepted.length = 0;
    await w.db.delete(outboxMessages).where(sql`true`);
  });

  it('a guest cancels a card stay late: the e-mail states the refund, the owner is told once on WhatsApp', async () => {
    // Arrival in 10 days, the default terms (14 days free, then 50 %): half of the 350 € comes back.
    const booking = await paidByCard(w, await roomAt(w, 350), 10);
    await w.app.outboxDispatcher.runOnce();
    smtp.received.length = 0;
    whatsapp.accepted.length = 0;

    expect((await cancelBooking(w.app, w.guest.token, booking.id)).json<Booking>()).toMatchObject({ status: 'cancelled', refund_amount: 175 });
    const alerts = await alertsOf(booking.id);
    expect(alerts).toMatchObject([
      { channel: 'whatsapp', status: 'pending', recipient: '32470123456', language: 'fr', dedupeKey: `admin_cancellation_alert:${booking.id}` },
    ]);
    expect(alerts[0]!.payload).toMatchObject({ cancel_reason: 'user', paid_cents: 35_000, refund_cents: 17_500 });

    expect(await w.app.outboxDispatcher.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const [email] = sentTo(booking.id);
    expect(email!.subject).toMatch(/^Réservation annulée : Test House, chambre /);
    expect(plainSpaces(email!.text)).toContain(
      '175,00 € sur les 350,00 € que vous avez payés vous seront remboursés. Le remboursement est fait sur la carte utilisée pour le paiement : comptez 5 à 10 jours ouvrés',
    );
    expect(whatsapp.accepted).toHaveLength(1);
    expect(whatsapp.accepted[0]!.body.to).toBe('32470123456');
    expect(plainSpaces(whatsapp.accepted[0]!.body.text.body)).toBe(
      [
        '*Réservation annulée sur RoomWeek*',
        'Annulée par: le client',
        `Client: ${booking.user_name} (${booking.user_email})`,
        `Chambre: ${booking.room_number} — Test House`,
        `Dates: du ${frenchDate(siteDate(10))} au ${frenchDate(siteDate(17))} (7 jours)`,
        'Voyageurs: 1 adulte',
        'Prix total: 350,00 €',
        'Paiement: Carte bancaire',
        'Payé: 350,00 €',
        'Remboursement: 175,00 €',
        `Réf.: ${booking.id.slice(0, 8)}`,
      ].join('\n'),
    );

    // Told again (a retried event): still one alert, sent once.
    const view = (await w.app.bookingsRepository.view(booking.id))!;
    await w.db.transaction((tx) => w.app.notifier.bookingCancelled(tx, view));
    expect(await alertsOf(booking.id)).toHaveLength(1);
    await w.app.outboxDispatcher.runOnce();
    expect(whatsapp.accepted).toHaveLength(1);
  });

  it('the confirmation states the terms; a cancellation before the free date refunds everything', async () => {
    const booking = await paidByCard(w, await roomAt(w, 350), 30);
    await w.app.outboxDispatcher.runOnce();
    const [confirmation] = sentTo(booking.id);
    expect(plainSpaces(confirmation!.text)).toContain(
      `Conditions d'annulation — Annulation gratuite jusqu'au ${frenchDate(siteDate(16))} inclus : ce que vous avez payé vous est remboursé en totalité. ` +
        "Ensuite, 50 % de ce que vous avez payé vous est remboursé jusqu'à la veille de l'arrivée ; plus rien à partir du jour d'arrivée.",
    );

    await cancelBooking(w.app, w.guest.token, booking.id);
    await w.app.outboxDispatcher.runOnce();
    const cancelled = sentTo(booking.id).find((email) => email.subject.startsWith('Réservation annulée'));
    expect(plainSpaces(cancelled!.text)).toContain('Les 350,00 € que vous avez payés vous seront remboursés en totalité.');
    expect(plainSpaces(whatsapp.accepted.at(-1)!.body.text.body)).toContain('Payé: 350,00 €\nRemboursement: 350,00 €\n');
  });

  it("an admin's cancellation of an on-site stay: the owner is told who cancelled and that nothing was paid", async () => {
    const room = await roomAt(w, 350);
    const booking = (await book(w.app, w.guest.token, { room_id: room.id, start_date: siteDate(20), end_date: siteDate(27) })).json<Booking>();
    await w.app.outboxDispatcher.runOnce();
    whatsapp.accepted.length = 0;
    expect((await cancelBooking(w.app, w.admin, booking.id)).statusCode).toBe(200);
    await w.app.outboxDispatcher.runOnce();
    const body = plainSpaces(whatsapp.accepted[0]!.body.text.body);
    expect(body).toContain('Annulée par: un administrateur');
    expect(body).toContain("Paiement: Paiement sur place\nRemboursement: aucun (rien n'a été payé)\n");
    const email = sentTo(booking.id).find((e) => e.subject.startsWith('Réservation annulée'));
    expect(email!.text).toContain("annulée par l'établissement");
    expect(email!.text).not.toMatch(/rembours/i);
  });

  it('no alert for a hold the owner never heard of, nor for a cancellation by the system', async () => {
    // A card hold cancelled by its guest before paying: the owner was never told of it.
    const hold = await pendingBooking(w, 'stripe', { room: await roomAt(w, 350), fromDay: 40 });
    expect((await cancelBooking(w.app, w.guest.token, hold.id)).statusCode).toBe(200);
    expect((await rowsOf(hold.id)).map((row) => row.kind)).toEqual(['booking_cancelled']);

    // Cancelled by the system, not a person (a payment the provider refused, a hold that ran out): no alert, even
    // for a booking marked confirmed before.
    for (const reason of ['payment_failed', 'expired'] as const) {
      const other = await pendingBooking(w, 'paypal', { room: await roomAt(w, 350), fromDay: 40 });
      await w.db.update(bookings).set({ status: 'cancelled', cancelReason: reason, confirmedAt: new Date() }).where(eq(bookings.id, other.id));
      const view = (await w.app.bookingsRepository.view(other.id))!;
      await w.db.transaction((tx) => w.app.notifier.bookingCancelled(tx, view));
      expect((await rowsOf(other.id)).map((row) => row.kind)).toEqual(['booking_cancelled']);
    }
    await w.app.outboxDispatcher.runOnce();
    expect(whatsapp.accepted).toHaveLength(0);
  });

  it("with TZ_SITE, the confirmation states only the terms still ahead on the site's day", async () => {
    const booking = await paidByCard(w, await roomAt(w, 350), 10);
    await w.db.delete(outboxMessages).where(sql`true`);
    const notifier = new OutboxNotifier({
      publicUrl: 'http://localhost:3000',
      adminLanguage: 'en',
      box: new SecretBox('unused'),
      adminWhatsappNumber: async () => null,
      timeZone: 'Europe/Brussels',
      arrivalInstructionsDays: 3,
      log: w.app.log,
      outbox: new OutboxRepository(w.db),
    });
    const view = (await w.app.bookingsRepository.view(booking.id))!;
    await w.db.transaction((tx) => notifier.bookingConfirmed(tx, view));
    const row = (await rowsOf(booking.id)).find((r) => r.kind === 'booking_confirmation')!;
    expect(row.payload).toMatchObject({ confirmed_on: siteDate(0), free_cancellation_until: siteDate(-4), late_refund_percent: 50 });
    const text = plainSpaces(renderBookingConfirmation('en', row.payload as unknown as BookingPayload).text);
    expect(text).toContain(
      'Cancellation terms — If you cancel before arrival, 50% of what you paid is refunded; nothing from the arrival day on.',
    );
    expect(text).not.toContain('Free cancellation');
  });
});
