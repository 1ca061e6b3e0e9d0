import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_TRAVELLER, type Booking, type CheckIn, type CheckInBody } from '@roomweek/contract';
import { buildApp } from '../../src/app.ts';
import { queryRows } from '../../src/db/client.ts';
import { checkIns, type StoredTraveller } from '../../src/db/check-in-schema.ts';
import { loadSecrets, SecretBox } from '../../src/lib/secrets.ts';
import { bearer, book, createProperty, createRoom, createTestDatabase, loginAdmin, registerUser, siteDate, testConfig, type TestDatabase } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';
import { adultAna, adultJoao, childLucia, yearsBefore } from './check-in-support.ts';

/** Issue 32: the online check-in of a booking for 2 adults and 1 child, filled part by part. */
describe('online check-in', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir = '';
  const lines: string[] = [];
  let admin: string;
  let guest: string;
  let stranger: string;
  let roomId: string;
  let booking: Booking;
  const arrival = siteDate(30);
  const url = () => `/api/bookings/${booking.id}/check-in`;
  const put = (body: unknown, token = guest, id = booking.id) =>
    app.inject({ method: 'PUT', url: `/api/bookings/${id}/check-in`, headers: bearer(token), payload: body as object });
  const get = (token = guest, id = booking.id) => app.inject({ url: `/api/bookings/${id}/check-in`, headers: bearer(token) });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-checkin-'));
    database = await createTestDatabase();
    // Every request logged, at the most talkative level: the document number must appear in none.
    const config = testConfig({ LOG_LEVEL: 'trace' }, dataDir);
    app = await buildApp({ config, database: database.handle, logStream: { write: (line) => void lines.push(line) }, webDist: path.join(dataDir, 'no-web') });
    await app.ready();
    admin = await loginAdmin(app);
    guest = (await registerUser(app)).token;
    stranger = (await registerUser(app)).token;
    const property = await createProperty(app, admin);
    roomId = (await createRoom(app, admin, property.id, { max_guests: 4 })).id;
    const made = await book(app, guest, { room_id: roomId, start_date: arrival, end_date: siteDate(37), adults: 2, children: 1 });
    expect(made.statusCode, made.body).toBe(201);
    booking = made.json<Booking>();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const statusInMyBookings = async () =>
    (await app.inject({ url: '/api/bookings', headers: bearer(guest) })).json<Booking[]>().find((row) => row.id === booking.id)?.check_in_status;

  it('starts empty: one blank place per person of the party, everything missing, not_started on the booking', async () => {
    expect(booking.check_in_status).toBe('not_started');
    const response = await get();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const checkIn = response.json<CheckIn>();
    expect(checkIn).toMatchObject({ booking_id: booking.id, status: 'not_started', arrival_time: null, start_date: arrival, adults: 2, children: 1, updated_at: null });
    expect(checkIn.travellers).toEqual([EMPTY_TRAVELLER, EMPTY_TRAVELLER, EMPTY_TRAVELLER]);
    const adultFields = ['first_name', 'last_name', 'sex', 'date_of_birth', 'nationality', 'document_type', 'document_number', 'document_country', 'country_of_residence', 'address'];
    const childFields = ['first_name', 'last_name', 'sex', 'date_of_birth', 'nationality', 'relationship'];
    expect(checkIn.missing).toEqual([
      'arrival_time',
      ...adultFields.map((field) => `travellers.0.${field}`),
      ...adultFields.map((field) => `travellers.1.${field}`),
      ...childFields.map((field) => `travellers.2.${field}`),
    ]);
  });

  it('saves part by part: the arrival time and the first adult, then the second, then the child — complete', async () => {
    const first = await put({ arrival_time: '16:30', travellers: [adultAna()] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CheckIn>()).toMatchObject({ status: 'incomplete', arrival_time: '16:30' });
    expect(first.json<CheckIn>().missing.filter((field) => field.startsWith('travellers.0') || field === 'arrival_time')).toEqual([]);
    expect(first.json<CheckIn>().missing).toContain('travellers.1.document_number');
    expect(await statusInMyBookings()).toBe('incomplete');

    // Half of the second adult: what is left shows as missing.
    const { document_number: _number, address: _address, ...half } = adultJoao();
    const second = await put({ arrival_time: '16:30', travellers: [adultAna(), half] });
    expect(second.json<CheckIn>().missing).toEqual([
      'travellers.1.document_number',
      'travellers.1.address',
      'travellers.2.first_name',
      'travellers.2.last_name',
      'travellers.2.sex',
      'travellers.2.date_of_birth',
      'travellers.2.nationality',
      'travellers.2.relationship',
    ]);
    // A street without its city is not an address yet.
    const noCity = await put({ arrival_time: '16:30', travellers: [adultAna(), { ...adultJoao(), address: { street: 'Rua Augusta 10', city: null } }] });
    expect(noCity.json<CheckIn>().missing[0]).toBe('travellers.1.address');

    const third = await put({ arrival_time: '16:30', travellers: [adultAna(), adultJoao(), childLucia(arrival)] });
    expect(third.statusCode, third.body).toBe(200);
    const complete = third.json<CheckIn>();
    expect(complete.status).toBe('complete');
    expect(complete.missing).toEqual([]);
    expect(complete.travellers).toEqual([
      { ...EMPTY_TRAVELLER, ...adultAna() },
      { ...EMPTY_TRAVELLER, ...adultJoao() },
      { ...EMPTY_TRAVELLER, ...childLucia(arrival) },
    ]);
    expect(await statusInMyBookings()).toBe('complete');
    // The guest reads it back as saved; so does an admin, and the admin's lists carry the status.
    expect((await get()).json<CheckIn>()).toEqual(complete);
    expect((await get(admin)).json<CheckIn>()).toEqual(complete);
    const all = (await app.inject({ url: '/api/admin/bookings', headers: bearer(admin) })).json<Booking[]>();
    expect(all.find((row) => row.id === booking.id)?.check_in_status).toBe('complete');
  });

  it('an admin may complete it for the guest; what is left out is not kept', async () => {
    const response = await put({ arrival_time: '18:00', travellers: [adultAna()] }, admin);
    expect(response.json<CheckIn>()).toMatchObject({ status: 'incomplete', arrival_time: '18:00' });
    expect(response.json<CheckIn>().travellers[1]).toEqual(EMPTY_TRAVELLER);
    const back = await put({ arrival_time: '16:30', travellers: [adultAna(), adultJoao(), childLucia(arrival)] }, admin);
    expect(back.json<CheckIn>().status).toBe('complete');
  });

  it('refuses each bad field with 400 naming it, and writes nothing', async () => {
    const db = app.db;
    const full = (): CheckInBody => ({ arrival_time: '16:30', travellers: [adultAna(), adultJoao(), childLucia(arrival)] });
    const withTraveller = (index: number, change: object) => {
      const body = full();
      body.travellers![index] = { ...body.travellers![index], ...change };
      return body;
    };
    const cases: { body: unknown; code: string; field: string }[] = [
      { body: { ...full(), arrival_time: '24:00' }, code: 'validation_error', field: 'arrival_time' },
      { body: { ...full(), arrival_time: '4pm' }, code: 'validation_error', field: 'arrival_time' },
      { body: withTraveller(0, { date_of_birth: '1985-02-30' }), code: 'validation_error', field: 'travellers.0.date_of_birth' },
      { body: withTraveller(0, { date_of_birth: '1899-12-31' }), code: 'validation_error', field: 'travellers.0.date_of_birth' },
      { body: withTraveller(0, { date_of_birth: siteDate(31) }), code: 'validation_error', field: 'travellers.0.date_of_birth' },
      { body: withTraveller(0, { nationality: 'XX' }), code: 'validation_error', field: 'travellers.0.nationality' },
      { body: withTraveller(0, { nationality: 'es' }), code: 'validation_error', field: 'travellers.0.nationality' },
      { body: withTraveller(1, { document_country: 'Portugal' }), code: 'validation_error', field: 'travellers.1.document_country' },
      { body: withTraveller(1, { country_of_residence: 'EU' }), code: 'validation_error', field: 'travellers.1.country_of_residence' },
      { body: withTraveller(0, { document_type: 'visa' }), code: 'validation_error', field: 'travellers.0.document_type' },
      { body: withTraveller(0, { document_number: 'AB<script>' }), code: 'validation_error', field: 'travellers.0.document_number' },
      { body: withTraveller(0, { document_number: 'A'.repeat(41) }), code: 'validation_error', field: 'travellers.0.document_number' },
      { body: withTraveller(0, { sex: 'x' }), code: 'validation_error', field: 'travellers.0.sex' },
      { body: withTraveller(0, { first_name: '   ' }), code: 'validation_error', field: 'travellers.0.first_name' },
      { body: withTraveller(0, { last_name: 'x'.repeat(101) }), code: 'validation_error', field: 'travellers.0.last_name' },
      { body: withTraveller(0, { address: { street: 'x'.repeat(201), city: 'Madrid' } }), code: 'validation_error', field: 'travellers.0.address.street' },
      { body: withTraveller(2, { relationship: { adult: 0, kind: 'uncle' } }), code: 'validation_error', field: 'travellers.2.relationship.kind' },
      { body: withTraveller(2, { relationship: { adult: 1.5, kind: 'parent' } }), code: 'validation_error', field: 'travellers.2.relationship.adult' },
      { body: { ...full(), travellers: 'everyone' }, code: 'validation_error', field: 'travellers' },
      // The party's size, each place's age on arrival, a child's adult.
      { body: { ...full(), travellers: [...full().travellers!, adultAna()] }, code: 'check_in_party_mismatch', field: 'travellers' },
      { body: withTraveller(1, { date_of_birth: addYears(arrival, -17) }), code: 'traveller_age_mismatch', field: 'travellers.1.date_of_birth' },
      { body: withTraveller(2, { date_of_birth: yearsBefore(arrival, 18) }), code: 'traveller_age_mismatch', field: 'travellers.2.date_of_birth' },
      { body: withTraveller(2, { relationship: { adult: 2, kind: 'parent' } }), code: 'guardian_not_adult', field: 'travellers.2.relationship.adult' },
    ];
    for (const { body, code, field } of cases) {
      const response = await expectRefused(db, () => put(body), 400, code);
      expect(response.json<{ field?: string }>().field, JSON.stringify(body).slice(0, 200)).toBe(field);
    }
    // The day of the 18th birthday is an adult's; the day before, a child's.
    expect((await put(withTraveller(1, { date_of_birth: yearsBefore(arrival, 18) }))).statusCode).toBe(200);
    expect((await put(withTraveller(2, { date_of_birth: addYears(arrival, -18, 1) }))).statusCode).toBe(200);
    expect((await put(full())).json<CheckIn>().status).toBe('complete');
  });

  it('a stranger, an anonymous caller and an unknown booking get nothing', async () => {
    const before = (await get()).json<CheckIn>();
    expectError(await get(stranger), 404, 'booking_not_found');
    await expectRefused(app.db, () => put({ arrival_time: '10:00', travellers: [] }, stranger), 404, 'booking_not_found');
    expectError(await app.inject({ url: url() }), 401, 'unauthorized');
    await expectRefused(app.db, () => app.inject({ method: 'PUT', url: url(), payload: { arrival_time: '10:00' } }), 401, 'unauthorized');
    expectError(await get(guest, '00000000-0000-4000-8000-000000000000'), 404, 'booking_not_found');
    expectError(await get(guest, 'not-a-uuid'), 400, 'validation_error');
    expect((await get()).json<CheckIn>()).toEqual(before);
  });

  it('keeps the document number and the date of birth sealed in the database and out of every log line', async () => {
    const [row] = await queryRows<{ text: string }>(app.db, sql`select row_to_json(c)::text as text from check_ins c where booking_id = ${booking.id}`);
    const text = row!.text;
    for (const clear of ['PAB123456', '12345678 9 ZZ4', '1985-03-14', '1983-07-01', childLucia(arrival).date_of_birth!]) expect(text).not.toContain(clear);
    // What is stored opens, with the site's key, to what was entered.
    const [stored] = await app.db.select().from(checkIns).where(eq(checkIns.bookingId, booking.id));
    const box = new SecretBox((await loadSecrets(dataDir, {})).settingsKey);
    const ana = stored!.travellers[0] as StoredTraveller;
    expect(box.open(ana.document_number_sealed!)).toBe('PAB123456');
    expect(box.open(ana.date_of_birth_sealed!)).toBe('1985-03-14');
    expect(ana.first_name).toBe('Ana');

    // A refused call carrying it is logged too: still not the number.
    await put({ arrival_time: '99:99', travellers: [adultAna()] });
    expect(lines.length).toBeGreaterThan(20);
    const logged = lines.join('\n');
    expect(logged).toContain('check-in');
    for (const clear of ['PAB123456', '12345678 9 ZZ4', '1985-03-14']) expect(logged).not.toContain(clear);
  });

  it('a cancelled booking takes no check-in', async () => {
    const other = await book(app, guest, { room_id: roomId, start_date: siteDate(60), end_date: siteDate(67), adults: 1, children: 0 });
    const id = other.json<Booking>().id;
    expect((await app.inject({ method: 'PUT', url: `/api/bookings/${id}/cancel`, headers: bearer(guest) })).statusCode).toBe(200);
    await expectRefused(app.db, () => put({ arrival_time: '10:00', travellers: [adultAna()] }, guest, id), 409, 'booking_already_cancelled');
    expect((await get(guest, id)).json<CheckIn>().status).toBe('not_started');
  });
});

/** `date` moved by whole years, then by `days`. */
function addYears(date: string, years: number, days = 0): string {
  const moved = yearsBefore(date, -years);
  if (!days) return moved;
  const at = new Date(`${moved}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
