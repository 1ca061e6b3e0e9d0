import { describe, expect, it } from 'vitest';
import type { Booking, CheckIn, CheckInDay, Property } from '@roomweek/contract';
import { bearer, book, createProperty, createRoom, loginAdmin, registerUser, siteDate, useTestApp } from '../helper.ts';
import { signInStaff } from '../staff/staff-support.ts';
import { expectError, expectRefused } from '../support.ts';
import { adultAna, adultJoao, childLucia } from './check-in-support.ts';

/** Issue 32 item 4: each property's registration country, a day's arrivals, the CSV for the authorities. */
describe('guest registration', () => {
  const t = useTestApp();
  const arrival = siteDate(40);
  const departure = siteDate(47);

  async function stay(country: string, party = { adults: 2, children: 1 }) {
    const admin = await loginAdmin(t.app);
    const property = await createProperty(t.app, admin, { name: `Casa ${country}`, registration_country: country });
    const room = await createRoom(t.app, admin, property.id, { max_guests: 4 });
    const guest = await registerUser(t.app);
    const made = await book(t.app, guest.token, { room_id: room.id, start_date: arrival, end_date: departure, ...party });
    expect(made.statusCode, made.body).toBe(201);
    return { admin, property, guest, booking: made.json<Booking>() };
  }
  const putCheckIn = (token: string, id: string, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/check-in`, headers: bearer(token), payload: body });
  const day = (token: string, query: string) => t.app.inject({ url: `/api/admin/check-ins?${query}`, headers: bearer(token) });
  const csv = (token: string, query: string) => t.app.inject({ url: `/api/admin/exports/check-ins.csv?${query}`, headers: bearer(token) });

  it('keeps a registration country per property, `other` by default, in admin answers only; refuses an unknown one', async () => {
    const admin = await loginAdmin(t.app);
    const plain = await createProperty(t.app, admin);
    expect(plain.registration_country).toBe('other');
    const update = await t.app.inject({ method: 'PUT', url: `/api/properties/${plain.id}`, headers: bearer(admin), payload: { ...plain, photos: [], registration_country: 'PT' } });
    expect(update.json<Property>().registration_country).toBe('PT');
    const anonymous = await t.app.inject({ url: `/api/properties/${plain.id}` });
    expect(anonymous.json<Property>()).not.toHaveProperty('registration_country');
    for (const value of ['FR', 'es', '', 3, null]) {
      await expectRefused(
        t.app.db,
        () => t.app.inject({ method: 'PUT', url: `/api/properties/${plain.id}`, headers: bearer(admin), payload: { ...plain, photos: [], registration_country: value } }),
        400,
        'validation_error',
      );
    }
  });

  it('asks what the country registers: Portugal needs no sex nor street, and what it does not ask is not kept', async () => {
    const { guest, booking } = await stay('PT');
    const ana = adultAna();
    const body = { arrival_time: '17:30', travellers: [ana, adultJoao(), childLucia(arrival)] };
    const saved = await putCheckIn(guest.token, booking.id, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const checkIn = saved.json<CheckIn>();
    expect(checkIn).toMatchObject({ registration_country: 'PT', status: 'complete', missing: [] });
    expect(checkIn.travellers[0]).toMatchObject({ first_name: 'Ana', document_number: ana.document_number, sex: null, address: null });
    // Without the fields Portugal does not ask, still complete; without a document, not.
    const { sex: _sex, address: _address, ...portuguese } = ana;
    expect((await putCheckIn(guest.token, booking.id, { ...body, travellers: [portuguese, adultJoao(), childLucia(arrival)] })).json<CheckIn>().status).toBe('complete');
    const withoutDocument = await putCheckIn(guest.token, booking.id, { ...body, travellers: [{ ...portuguese, document_number: null }, adultJoao(), childLucia(arrival)] });
    expect(withoutDocument.json<CheckIn>()).toMatchObject({ status: 'incomplete', missing: ['travellers.0.document_number'] });
  });

  it('counts the statuses again when the country changes: complete for Belgium, missing the address for Spain', async () => {
    const { admin, property, guest, booking } = await stay('BE', { adults: 1, children: 0 });
    const { sex: _sex, address: _address, country_of_residence: _residence, document_country: _issuer, ...belgian } = adultAna();
    expect((await putCheckIn(guest.token, booking.id, { arrival_time: '15:00', travellers: [belgian] })).json<CheckIn>().status).toBe('complete');
    const spain = await t.app.inject({ method: 'PUT', url: `/api/properties/${property.id}`, headers: bearer(admin), payload: { ...property, photos: [], registration_country: 'ES' } });
    expect(spain.statusCode).toBe(200);
    const mine = (await t.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>().find((row) => row.id === booking.id);
    expect(mine?.check_in_status).toBe('incomplete');
    const read = (await t.app.inject({ url: `/api/bookings/${booking.id}/check-in`, headers: bearer(guest.token) })).json<CheckIn>();
    expect(read.missing).toEqual(['travellers.0.sex', 'travellers.0.document_country', 'travellers.0.country_of_residence', 'travellers.0.address']);
  });

  it("lists a day's arrivals with each traveller's name and completeness, for admins and staff; refuses others and bad input", async () => {
    const { admin, property, guest, booking } = await stay('ES');
    await putCheckIn(guest.token, booking.id, { arrival_time: '18:00', travellers: [adultAna(), { first_name: 'João' }] });
    const list = await day(admin, `date=${arrival}&property_id=${property.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<CheckInDay>()).toEqual({
      date: arrival,
      complete: 0,
      arrivals: [
        expect.objectContaining({
          booking_id: booking.id,
          property_name: `Casa ES`,
          registration_country: 'ES',
          status: 'incomplete',
          arrival_time: '18:00',
          travellers: [
            { name: 'Ana García López', minor: false, complete: true },
            { name: 'João', minor: false, complete: false },
            { name: null, minor: true, complete: false },
          ],
        }),
      ],
    });
    expect(list.body).not.toContain('PAB123456');
    expect((await day((await signInStaff(t.app)).token, `date=${arrival}&property_id=${property.id}`)).statusCode).toBe(200);
    expect((await day(admin, `date=${siteDate(41)}&property_id=${property.id}`)).json<CheckInDay>().arrivals).toEqual([]);
    expectError(await day(guest.token, `date=${arrival}`), 403, 'forbidden');
    expectError(await t.app.inject({ url: `/api/admin/check-ins?date=${arrival}` }), 401, 'unauthorized');
    for (const query of ['', 'date=tomorrow', `date=${arrival}&property_id=12`, 'date=2026-02-30']) expectError(await day(admin, query), 400, 'validation_error');
  });

  it('exports one row per traveller with every field, in the country’s order, as entered; admins only', async () => {
    const { admin, property, guest, booking } = await stay('PT');
    const travellers = [{ ...adultAna(), last_name: '=HYPERLINK("x")' }, adultJoao(), childLucia(arrival)];
    expect((await putCheckIn(guest.token, booking.id, { arrival_time: '17:30', travellers })).statusCode).toBe(200);
    const response = await csv(admin, `from=${arrival}&to=${arrival}&property_id=${property.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = response.body.slice(1).trimEnd().split('\r\n').map((line) => line.split(','));
    // Portugal's order: surname first, then the document; the fields it does not ask come last.
    expect(header).toEqual([
      ...['property', 'room', 'booking', 'arrival', 'departure', 'arrival_time', 'check_in', 'registration_country', 'traveller', 'kind'],
      ...['last_name', 'first_name', 'nationality', 'date_of_birth', 'document_type', 'document_number', 'document_country', 'country_of_residence'],
      ...['relationship_adult', 'relationship_kind', 'sex', 'street', 'city'],
    ]);
    expect(rows).toHaveLength(3);
    const record = (row: string[]) => Object.fromEntries(header!.map((column, index) => [column, row[index]]));
    const [ana, joao, lucia] = rows.map(record);
    expect(ana).toMatchObject({ booking: booking.id, arrival, departure, arrival_time: '17:30', check_in: 'complete', traveller: '1', kind: 'adult' });
    expect(ana).toMatchObject({ last_name: `"'=HYPERLINK(""x"")"`, first_name: 'Ana', date_of_birth: '1985-03-14', document_number: 'PAB123456', sex: '', street: '' });
    expect(joao).toMatchObject({ first_name: 'João', document_number: '12345678 9 ZZ4', document_type: 'id_card', country_of_residence: 'PT' });
    expect(lucia).toMatchObject({ kind: 'child', first_name: 'Lucía', date_of_birth: travellers[2]!.date_of_birth, relationship_adult: '1', relationship_kind: 'parent', document_number: '' });

    expectError(await csv((await signInStaff(t.app)).token, `from=${arrival}&to=${arrival}`), 403, 'forbidden');
    expectError(await csv(guest.token, `from=${arrival}&to=${arrival}`), 403, 'forbidden');
    for (const query of [`from=${arrival}`, `from=${arrival}&to=${siteDate(39)}`, `from=${siteDate(0)}&to=${siteDate(400)}`, `from=${arrival}&to=${arrival}&property_id=x`]) {
      expectError(await csv(admin, query), 400, 'validation_error');
    }
  });
});
