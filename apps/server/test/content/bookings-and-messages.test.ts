import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { renderAdminBookingAlert, renderBookingCancelled, renderBookingConfirmation, type BookingPayload } from '../../src/plugins/app/notifications/templates.ts';
import { bearer, buildTestApp, createRoom, loginAdmin, type TestApp } from '../helper.ts';
import { bookStay, outboxRows, registerGuest, type Stay } from '../notifications/outbox-support.ts';
import { createTranslatedProperty, read, TEXTS } from './content-support.ts';

/**
 * docs/behaviour.md §15: bookings name their property in the reader's language; a guest's e-mails use the guest's
 * language, the owner's WhatsApp the site's default language — here English (DEFAULT_LANGUAGE=en).
 */
describe('property names in bookings and messages', () => {
  let t: TestApp;
  let stay: Stay;
  const english = { name: 'Dune House', location: 'Ostend, Belgium' };

  beforeAll(async () => {
    t = await buildTestApp({ env: { DEFAULT_LANGUAGE: 'en' } });
    const adminToken = await loginAdmin(t.app);
    const property = await createTranslatedProperty(t.app, adminToken);
    await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${property.id}`,
      headers: bearer(adminToken),
      payload: { ...TEXTS.fr, room_count: 2, translations: { es: TEXTS.es, pt: TEXTS.pt, en: english } },
    });
    await t.app.inject({ method: 'PUT', url: '/api/admin/whatsapp-settings', headers: bearer(adminToken), payload: { whatsapp_number: '+32 470 12 34 56' } });
    const room = await createRoom(t.app, adminToken, property.id, { room_number: 'D1' });
    stay = { adminToken, propertyName: TEXTS.fr.name, roomId: room.id, roomNumber: 'D1' };
  });
  afterAll(() => t.close());

  it("lists a guest's bookings and the admin's in the reader's language", async () => {
    const guest = await registerGuest(t.app, 'es');
    const booking = await bookStay(t.app, guest.token, stay, { language: 'es', startInDays: 40 });
    const mine = async (language: string) =>
      (await read(t.app, '/api/bookings', { token: guest.token, acceptLanguage: language })).json<Booking[]>()[0];
    expect(await mine('es')).toMatchObject({ id: booking.id, property_name: TEXTS.es.name, text_languages: { property_name: 'es' } });
    expect(await mine('pt')).toMatchObject({ property_name: TEXTS.pt.name, text_languages: { property_name: 'pt' } });
    expect(await mine('fr')).toMatchObject({ property_name: TEXTS.fr.name, text_languages: { property_name: 'fr' } });

    const adminPage = await read(t.app, `/api/admin/bookings?q=${booking.id}`, { token: stay.adminToken, acceptLanguage: 'en' });
    expect(adminPage.headers['content-language']).toBe('en');
    expect(adminPage.json<Booking[]>()[0]).toMatchObject({ property_name: english.name, text_languages: { property_name: 'en' } });
    const all = (await read(t.app, '/api/bookings/all', { token: stay.adminToken, acceptLanguage: 'es' })).json<Booking[]>();
    expect(all.find((one) => one.id === booking.id)?.property_name).toBe(TEXTS.es.name);
  });

  it("writes the guest's e-mails in the guest's language and the owner's WhatsApp in the admin's", async () => {
    const guest = await registerGuest(t.app, 'pt');
    const booking = await bookStay(t.app, guest.token, stay, { language: 'pt', startInDays: 80 });
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: bearer(guest.token) });
    expect(cancelled.statusCode).toBe(200);

    const rows = (await outboxRows(t.app.db)).filter((row) => row.payload.booking_id === booking.id);
    const of = (kind: string) => rows.find((row) => row.kind === kind)!;
    const payloadOf = (row: { payload: unknown }) => row.payload as BookingPayload;
    const confirmation = of('booking_confirmation');
    const cancellation = of('booking_cancelled');
    const alert = of('admin_booking_alert');
    expect([confirmation.language, cancellation.language, alert.language]).toEqual(['pt', 'pt', 'en']);
    // Portuguese has only a name: the place stays French.
    for (const row of [confirmation, cancellation]) {
      expect(row.payload).toMatchObject({ property_name: TEXTS.pt.name, property_location: TEXTS.fr.location });
    }
    expect(alert.payload).toMatchObject({ property_name: english.name, property_location: english.location });
    expect(of('admin_cancellation_alert').payload).toMatchObject({ property_name: english.name });

    const email = renderBookingConfirmation('pt', payloadOf(confirmation));
    expect(email.subject).toContain(TEXTS.pt.name);
    expect(email.text).toContain(`${TEXTS.pt.name}, ${TEXTS.fr.location}`);
    expect(renderBookingCancelled('pt', payloadOf(cancellation)).subject).toContain(TEXTS.pt.name);
    expect(renderAdminBookingAlert('en', payloadOf(alert))).toContain(english.name);
  });
});
