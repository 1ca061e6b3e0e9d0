import { describe, expect, it } from 'vitest';
import type { AdminInvoiceList, Booking, Room } from '@roomweek/contract';
import { bearer, createProperty, createRoom, loginAdmin, registerUser, siteDate } from '../helper.ts';
import { paymentStatus, startCheckout, usePaymentsWorld, type PaymentsWorld } from '../payments/payments-support.ts';
import { invoicesOf, pdfBytes, pdfText, setBusiness } from './invoices-support.ts';

/**
 * Billing details (issue 29 item 2, docs/behaviour.md §19): given when booking or from my bookings until the first
 * invoice, then printed on it in place of the account's name; 409 billing_locked afterwards.
 */
const BILLING = { name: 'Rui Sá', company: 'Conceição & Filhos Lda', address: 'Avenida da Liberdade 110\n1269-046 Lisboa', vat_number: 'PT 501234567' };
const flat = (text: string) => text.replace(/\s+/g, ' ');

const setBilling = (w: PaymentsWorld, token: string | undefined, id: string, payload: unknown) =>
  w.app.inject({ method: 'PUT', url: `/api/bookings/${id}/billing`, headers: token ? bearer(token) : {}, payload: payload as Record<string, unknown> });

async function bookWith(w: PaymentsWorld, token: string, room: Room, fromDay: number, extra: Record<string, unknown> = {}) {
  return w.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: bearer(token),
    payload: { room_id: room.id, start_date: siteDate(fromDay), end_date: siteDate(fromDay + 7), payment_method: 'stripe', ...extra },
  });
}

async function pay(w: PaymentsWorld, booking: Booking, token: string) {
  const session = await startCheckout(w, booking, token);
  w.stripe.markPaid(session.id);
  await paymentStatus(w.app, token, session.id);
}

describe('billing details', () => {
  const w = usePaymentsWorld();
  const newRoom = async () => createRoom(w.app, w.admin, (await createProperty(w.app, w.admin)).id, { price_per_week: 350 });

  it('given when booking: answered with the booking, printed on the invoice in place of the account, named in the list', async () => {
    await setBusiness(w.app, w.admin);
    const guest = await registerUser(w.app, { first_name: 'Ana', name: 'Lima' });
    const response = await bookWith(w, guest.token, await newRoom(), 30, { billing: { ...BILLING, name: '  Rui Sá  ' } });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(booking.billing).toEqual(BILLING);
    await pay(w, booking, guest.token);
    const [invoice] = await invoicesOf(w.app, guest.token, booking.id);
    const text = flat((await pdfText(await pdfBytes(w.app, guest.token, invoice!.url))).text);
    for (const expected of ['Conceição & Filhos Lda', 'Rui Sá', 'Avenida da Liberdade 110 1269-046 Lisboa', 'N° TVA : PT 501234567', guest.user.email]) expect(text).toContain(expected);
    expect(text).not.toContain('Ana Lima');

    const today = siteDate(0);
    const list = (await w.app.inject({ url: `/api/admin/invoices?from=${today}&to=${today}`, headers: bearer(w.admin) })).json<AdminInvoiceList>();
    expect(list.documents.find((d) => d.booking_id === booking.id)?.guest).toBe('Conceição & Filhos Lda (Rui Sá)');
  });

  it('changed from my bookings until the first invoice, then 409 billing_locked and unchanged', async () => {
    await setBusiness(w.app, w.admin);
    const guest = await registerUser(w.app, { first_name: 'Ana', name: 'Lima' });
    const booking = (await bookWith(w, guest.token, await newRoom(), 30)).json<Booking>();
    expect(booking.billing).toBeNull();

    const companyOnly = await setBilling(w, guest.token, booking.id, { billing: { company: 'Sol Lda' } });
    expect(companyOnly.statusCode).toBe(200);
    expect(companyOnly.json<Booking>().billing).toEqual({ name: '', company: 'Sol Lda', address: '', vat_number: '' });
    expect((await setBilling(w, guest.token, booking.id, { billing: null })).json<Booking>().billing).toBeNull();
    expect((await setBilling(w, guest.token, booking.id, { billing: BILLING })).json<Booking>().billing).toEqual(BILLING);

    await pay(w, booking, guest.token);
    for (const payload of [{ billing: { name: 'Someone else' } }, { billing: null }]) {
      const locked = await setBilling(w, guest.token, booking.id, payload);
      expect(locked.statusCode).toBe(409);
      expect(locked.json()).toMatchObject({ code: 'billing_locked' });
    }
    const mine = (await w.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>();
    expect(mine.find((b) => b.id === booking.id)?.billing).toEqual(BILLING);
    const [invoice] = await invoicesOf(w.app, guest.token, booking.id);
    expect(flat((await pdfText(await pdfBytes(w.app, guest.token, invoice!.url))).text)).toContain('Conceição & Filhos Lda');
  });

  it('only the booking’s guest: anyone else 404 or 401; bad details 400 naming the field, nothing saved', async () => {
    const guest = await registerUser(w.app);
    const other = await registerUser(w.app);
    const booking = (await bookWith(w, guest.token, await newRoom(), 40, { billing: BILLING })).json<Booking>();
    expect((await setBilling(w, undefined, booking.id, { billing: null })).statusCode).toBe(401);
    for (const token of [other.token, await loginAdmin(w.app)]) {
      const response = await setBilling(w, token, booking.id, { billing: null });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'booking_not_found' });
    }
    expect((await setBilling(w, guest.token, '00000000-0000-4000-8000-000000000000', { billing: null })).statusCode).toBe(404);
    expect((await setBilling(w, guest.token, 'not-an-id', { billing: null })).statusCode).toBe(400);

    const bad: [unknown, string | undefined][] = [
      [{}, 'billing'],
      [{ billing: 'Rui' }, 'billing'],
      [{ billing: { name: '', company: '  ' } }, 'billing.name'],
      [{ billing: { name: 'x'.repeat(201) } }, 'billing.name'],
      [{ billing: { name: 42 } }, 'billing.name'],
      [{ billing: { name: 'Rui\u0000' } }, 'billing.name'],
      [{ billing: { name: 'Rui', company: 'Sol\nLda' } }, 'billing.company'],
      [{ billing: { name: 'Rui', address: 'a'.repeat(501) } }, 'billing.address'],
      [{ billing: { name: 'Rui', vat_number: '<script>' } }, 'billing.vat_number'],
      [{ billing: { name: 'Rui', vat_number: '1'.repeat(31) } }, 'billing.vat_number'],
      [{ billing: { name: 'Rui', company: ['Sol'] } }, 'billing.company'],
      [{ billing: { name: 'x'.repeat(2_000_000) } }, undefined],
    ];
    for (const [payload, field] of bad) {
      const response = await setBilling(w, guest.token, booking.id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      if (field) expect(response.json(), JSON.stringify(payload).slice(0, 80)).toMatchObject({ code: 'validation_error', field });
    }
    const refused = await bookWith(w, guest.token, await newRoom(), 50, { billing: { name: '', company: '' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error', field: 'billing.name' });
    const mine = (await w.app.inject({ url: '/api/bookings', headers: bearer(guest.token) })).json<Booking[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.billing).toEqual(BILLING);
  });
});
