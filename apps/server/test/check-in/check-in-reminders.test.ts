import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Booking, Language } from '@roomweek/contract';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { renderCheckInReminder } from '../../src/plugins/app/notifications/check-in-templates.ts';
import { renderBookingConfirmation, type BookingPayload } from '../../src/plugins/app/notifications/templates.ts';
import { bearer, createProperty, createRoom, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { adultAna, adultJoao, childLucia } from './check-in-support.ts';

/** Issue 32: the reminder to check in goes CHECK_IN_REMINDER_DAYS (7) before arrival, once, to confirmed stays only. */
describe('the check-in reminder job', () => {
  const t = useAdminApp();
  const arrival = siteDate(20);
  const reminderDay = siteDate(13);

  async function bookAs(language: Language, method = 'on_site', party = { adults: 2, children: 1 }): Promise<Booking> {
    const guest = await registerUser(t.app, { language });
    const room = await createRoom(t.app, t.admin, (await createProperty(t.app, t.admin)).id, { max_guests: 4 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...bearer(guest.token), 'accept-language': language },
      payload: { room_id: room.id, start_date: arrival, end_date: siteDate(27), payment_method: method, ...party },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Booking>();
  }
  const reminders = (ids: string[]) =>
    t.app.db.select().from(outboxMessages).where(inArray(outboxMessages.dedupeKey, ids.map((id) => `check_in_reminder:${id}`)));

  it('sends on the day, once, in the guest\'s language; not the day before, not again the day after; never to a complete, cancelled or unpaid stay', async () => {
    const spanish = await bookAs('es');
    const english = await bookAs('en');
    const complete = await bookAs('pt');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${complete.id}/check-in`,
      headers: bearer(t.admin),
      payload: { arrival_time: '15:00', travellers: [adultAna(), adultJoao(), childLucia(arrival)] },
    });
    expect(saved.json()).toMatchObject({ status: 'complete' });
    const cancelled = await bookAs('fr');
    expect((await t.app.inject({ method: 'PUT', url: `/api/bookings/${cancelled.id}/cancel`, headers: bearer(t.admin) })).statusCode).toBe(200);
    const unpaid = await bookAs('fr', 'stripe');
    expect(unpaid.status).toBe('pending');
    const all = [spanish.id, english.id, complete.id, cancelled.id, unpaid.id];

    expect(await t.app.checkInReminders.run(siteDate(12))).toBe(0);
    expect(await reminders(all)).toEqual([]);

    expect(await t.app.checkInReminders.run(reminderDay)).toBe(2);
    const sent = await reminders(all);
    expect(sent.map((row) => [row.dedupeKey, row.language, row.recipient]).sort()).toEqual(
      [
        [`check_in_reminder:${spanish.id}`, 'es', spanish.user_email],
        [`check_in_reminder:${english.id}`, 'en', english.user_email],
      ].sort(),
    );

    expect(await t.app.checkInReminders.run(siteDate(14))).toBe(0);
    expect(await t.app.checkInReminders.run(reminderDay)).toBe(0);
    expect(await reminders(all)).toHaveLength(2);

    // Sent once even after housekeeping deleted the outbox row: the notice stays.
    await t.app.db.delete(outboxMessages).where(eq(outboxMessages.dedupeKey, `check_in_reminder:${spanish.id}`));
    expect(await t.app.checkInReminders.run(siteDate(15))).toBe(0);

    const payload = sent.find((row) => row.language === 'en')!.payload as unknown as BookingPayload;
    const email = renderCheckInReminder('en', payload);
    expect(email.subject).toMatch(/^Your stay is coming up: check in online/);
    expect(email.text).toContain(`http://localhost:3000/my-bookings/${english.id}/check-in`);
    expect(renderCheckInReminder('es', payload).subject).toMatch(/^Tu estancia se acerca/);
  });

  it('the confirmation e-mail links to the check-in', async () => {
    const booking = await bookAs('pt', 'on_site', { adults: 1, children: 0 });
    const [row] = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `booking_confirmation:${booking.id}`));
    const email = renderBookingConfirmation('pt', row!.payload as unknown as BookingPayload);
    expect(email.text).toContain(`Antes de chegar, registe os viajantes online: http://localhost:3000/my-bookings/${booking.id}/check-in`);
  });
});
