import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Booking, Language, Property } from '@roomweek/contract';
import { checkInNotices } from '../../src/db/check-in-schema.ts';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { renderArrivalInstructions } from '../../src/plugins/app/notifications/check-in-templates.ts';
import { renderBookingConfirmation, type BookingPayload } from '../../src/plugins/app/notifications/templates.ts';
import { bearer, createProperty, createRoom, registerUser, siteDate, useAdminApp } from '../helper.ts';

const FRENCH = 'Boîte à clés : code 4821\nWi-Fi : maison / motdepasse';
const SPANISH = 'Caja de llaves: código 4821\nWi-Fi: casa / contraseña';

/** Issue 32 item 5 (docs/decisions/0038): arrival instructions per property, e-mailed ARRIVAL_INSTRUCTIONS_DAYS (3) before arrival. */
describe('arrival instructions', () => {
  const t = useAdminApp();

  async function propertyWithInstructions(instructions: Record<string, string> = { fr: FRENCH, es: SPANISH }): Promise<Property> {
    return createProperty(t.app, t.admin, { arrival_instructions: instructions });
  }

  async function book(propertyId: string, start: string, language: Language, method = 'on_site', guest?: { token: string }) {
    const who = guest ?? (await registerUser(t.app, { language }));
    const room = await createRoom(t.app, t.admin, propertyId, { max_guests: 4 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...bearer(who.token), 'accept-language': language },
      payload: { room_id: room.id, start_date: start, end_date: addWeek(start), payment_method: method, adults: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { booking: response.json<Booking>(), token: who.token };
  }
  const addWeek = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const sentTo = (ids: string[]) =>
    t.app.db.select().from(outboxMessages).where(inArray(outboxMessages.dedupeKey, ids.map((id) => `arrival_instructions:${id}`)));

  it('the admin writes them per language; only admin answers carry them, never a public one', async () => {
    const property = await createProperty(t.app, t.admin, { arrival_instructions: { fr: `  ${FRENCH.replace('\n', '\r\n')}  `, en: '' } });
    expect(property.arrival_instructions).toEqual({ fr: FRENCH, es: '', pt: '', en: '' });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${property.id}`,
      headers: bearer(t.admin),
      payload: { name: 'Test House', description: 'A quiet house', location: 'Gent', room_count: 2, arrival_instructions: { fr: FRENCH, es: SPANISH } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Property>().arrival_instructions).toEqual({ fr: FRENCH, es: SPANISH, pt: '', en: '' });
    // Left out: unchanged.
    const untouched = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${property.id}`,
      headers: bearer(t.admin),
      payload: { name: 'Test House 2', description: 'A quiet house', location: 'Gent', room_count: 2 },
    });
    expect(untouched.json<Property>().arrival_instructions?.es).toBe(SPANISH);
    const adminRead = await t.app.inject({ method: 'GET', url: `/api/properties/${property.id}`, headers: bearer(t.admin) });
    expect(adminRead.json<Property>().arrival_instructions?.fr).toBe(FRENCH);

    await createRoom(t.app, t.admin, property.id);
    const client = await registerUser(t.app);
    for (const url of [`/api/properties/${property.id}`, '/api/properties', '/api/rooms', `/api/search?start_date=${siteDate(30)}&end_date=${siteDate(37)}`]) {
      for (const headers of [{}, bearer(client.token)]) {
        const response = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': 'es' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).not.toContain('4821');
        expect(response.body, url).not.toContain('arrival_instructions');
      }
    }
  });

  it('refuses bad instructions with 400 naming the field, and changes nothing', async () => {
    const property = await propertyWithInstructions();
    const base = { name: 'Test House', description: 'A quiet house', location: 'Gent', room_count: 2 };
    for (const arrival_instructions of [{ fr: 'x'.repeat(4001) }, { de: 'Schlüssel' }, { fr: 42 }, 'text', [FRENCH]]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        headers: bearer(t.admin),
        payload: { ...base, arrival_instructions },
      });
      expect(response.statusCode, JSON.stringify(arrival_instructions)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
      expect(response.json().field).toMatch(/^arrival_instructions/);
    }
    const client = await registerUser(t.app);
    const byClient = await t.app.inject({ method: 'PUT', url: `/api/properties/${property.id}`, headers: bearer(client.token), payload: { ...base, arrival_instructions: { fr: 'mine' } } });
    expect(byClient.statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: `/api/properties/${property.id}`, headers: bearer(t.admin) });
    expect(read.json<Property>().arrival_instructions).toEqual({ fr: FRENCH, es: SPANISH, pt: '', en: '' });
  });

  it('e-mails them on the day, once, in the guest\'s language or French; not the day before, not again after; never to a cancelled or unpaid stay', async () => {
    const property = await propertyWithInstructions();
    const arrival = siteDate(20);
    const spanish = (await book(property.id, arrival, 'es')).booking;
    const english = (await book(property.id, arrival, 'en')).booking;
    const cancelled = (await book(property.id, arrival, 'fr')).booking;
    expect((await t.app.inject({ method: 'PUT', url: `/api/bookings/${cancelled.id}/cancel`, headers: bearer(t.admin) })).statusCode).toBe(200);
    const unpaid = (await book(property.id, arrival, 'fr', 'stripe')).booking;
    expect(unpaid.status).toBe('pending');
    const none = (await book((await createProperty(t.app, t.admin)).id, arrival, 'fr')).booking;
    const all = [spanish.id, english.id, cancelled.id, unpaid.id, none.id];

    expect(await t.app.arrivalInstructions.run(siteDate(16))).toBe(0);
    expect(await sentTo(all)).toEqual([]);

    expect(await t.app.arrivalInstructions.run(siteDate(17))).toBe(2);
    const sent = await sentTo(all);
    expect(sent.map((row) => [row.dedupeKey, row.language, row.recipient, (row.payload as { arrival_instructions: string }).arrival_instructions]).sort()).toEqual(
      [
        [`arrival_instructions:${spanish.id}`, 'es', spanish.user_email, SPANISH],
        // No English text: the French one.
        [`arrival_instructions:${english.id}`, 'en', english.user_email, FRENCH],
      ].sort(),
    );
    expect(await t.app.arrivalInstructions.run(siteDate(18))).toBe(0);
    expect(await t.app.arrivalInstructions.run(siteDate(17))).toBe(0);
    // Sent once even after housekeeping deleted the outbox row.
    await t.app.db.delete(outboxMessages).where(eq(outboxMessages.dedupeKey, `arrival_instructions:${spanish.id}`));
    expect(await t.app.arrivalInstructions.run(siteDate(19))).toBe(0);
    // A property with none: nothing claimed, so instructions written later still go before arrival.
    expect(await t.app.db.select().from(checkInNotices).where(eq(checkInNotices.bookingId, none.id))).toEqual([]);

    const payload = sent.find((row) => row.language === 'es')!.payload as unknown as BookingPayload;
    const email = renderArrivalInstructions('es', payload);
    expect(email.subject).toMatch(/^Tu llegada: las instrucciones/);
    expect(email.text).toContain(SPANISH);
    expect(email.html).toContain('Caja de llaves: código 4821<br>Wi-Fi');
    expect(renderArrivalInstructions('pt', payload).subject).toMatch(/^A sua chegada/);
  });

  it('a stay booked within the window gets them with its confirmation, and the job does not send them again', async () => {
    const property = await propertyWithInstructions();
    const { booking } = await book(property.id, siteDate(2), 'es');
    expect(booking.status).toBe('confirmed');
    const [row] = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `booking_confirmation:${booking.id}`));
    const payload = row!.payload as unknown as BookingPayload;
    expect(payload.arrival_instructions).toBe(SPANISH);
    const email = renderBookingConfirmation('es', payload);
    expect(email.text).toContain(`Instrucciones de llegada:\n${SPANISH}`);
    expect(await t.app.arrivalInstructions.run(siteDate(0))).toBe(0);
    expect(await sentTo([booking.id])).toEqual([]);

    // Booked before the window: the confirmation does not carry them.
    const later = (await book(property.id, siteDate(10), 'es')).booking;
    const [laterRow] = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `booking_confirmation:${later.id}`));
    expect((laterRow!.payload as unknown as BookingPayload).arrival_instructions).toBeUndefined();
    expect(renderBookingConfirmation('es', laterRow!.payload as unknown as BookingPayload).text).not.toContain('4821');
  });

  it('my bookings show them from ARRIVAL_INSTRUCTIONS_DAYS before arrival on, confirmed stays only, in the reader\'s language', async () => {
    const property = await propertyWithInstructions();
    const guest = await registerUser(t.app, { language: 'es' });
    const dayBefore = (await book(property.id, siteDate(4), 'es', 'on_site', guest)).booking;
    const theDay = (await book(property.id, siteDate(3), 'es', 'on_site', guest)).booking;
    const unpaid = (await book(property.id, siteDate(1), 'es', 'stripe', guest)).booking;
    const mine = async (language: Language) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: { ...bearer(guest.token), 'accept-language': language } });
      expect(response.statusCode).toBe(200);
      return new Map(response.json<Booking[]>().map((b) => [b.id, b.arrival_instructions]));
    };
    const spanish = await mine('es');
    expect(spanish.get(dayBefore.id)).toBeNull();
    expect(spanish.get(theDay.id)).toBe(SPANISH);
    expect(spanish.get(unpaid.id)).toBeNull();
    expect((await mine('en')).get(theDay.id)).toBe(FRENCH);
    // The admin's list of every booking never carries them.
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/bookings', headers: bearer(t.admin) });
    expect(all.body).not.toContain('4821');
  });
});
