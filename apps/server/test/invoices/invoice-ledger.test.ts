import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AdminInvoiceList, Room } from '@roomweek/contract';
import { addDays } from '@roomweek/contract';
import { bearer, createProperty, createRoom, registerUser, siteDate } from '../helper.ts';
import { cancelBooking, paidByCard, paidByPaypal } from '../cancellation/cancellation-support.ts';
import { usePaymentsWorld } from '../payments/payments-support.ts';
import { centsText } from '../../src/plugins/app/invoices/invoice-ledger.ts';
import { csvText } from '../../src/lib/csv.ts';
import { invoicesOf, setBusiness } from './invoices-support.ts';

/**
 * The owner's list of a period's documents and the accountant's CSV (issue 29 item 5, docs/behaviour.md §19). The
 * figures are worked out by hand: a week at 700 € with cleaning 60 € and VAT 6 % included, and a tourist tax of 2 € a
 * night for one adult: total 774 €, taxes 14 €, VAT 760 × 6 / 106 = 43.02 €, net 774 − 43.02 − 14 = 716.98 €.
 */
const CLEANING = { code: 'cleaning', name: { fr: 'Ménage' }, amount: 60, per: 'stay' };
const TAX = { code: 'tourist_tax', name: { fr: 'Taxe de séjour' }, kind: 'per_adult_night', amount: 2, max_nights: 7 };

const list = (w: { app: FastifyInstance }, token: string | undefined, query: string) =>
  w.app.inject({ url: `/api/admin/invoices${query}`, headers: token ? bearer(token) : {} });
const csv = (w: { app: FastifyInstance }, token: string | undefined, query: string) =>
  w.app.inject({ url: `/api/admin/exports/invoices.csv${query}`, headers: token ? bearer(token) : {} });

describe('the period’s invoices and the accountant’s export', () => {
  const w = usePaymentsWorld();
  const today = siteDate(0);
  const period = `?from=${today}&to=${today}`;

  async function taxedRoom(): Promise<Room> {
    const property = await createProperty(w.app, w.admin, { fees: [CLEANING], taxes: [TAX], vat_percent: 6 });
    return createRoom(w.app, w.admin, property.id, { price_per_week: 700 });
  }

  it('lists every document of the period with each column’s total, and exports the same rows as CSV', async () => {
    await setBusiness(w.app, w.admin);
    const card = await paidByCard(w, await taxedRoom(), 30);
    const { booking: paypal } = await paidByPaypal(w, await taxedRoom(), 30);
    expect((await cancelBooking(w.app, w.guest.token, paypal.id)).statusCode).toBe(200);
    const [cardInvoice] = await invoicesOf(w.app, w.guest.token, card.id);
    const [paypalInvoice, creditNote] = await invoicesOf(w.app, w.guest.token, paypal.id);

    const response = await list(w, w.admin, period);
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminInvoiceList>();
    const guest = `${w.guest.user.first_name} ${w.guest.user.name}`.trim();
    expect(body.documents.map((d) => d.number)).toEqual([cardInvoice!.number, paypalInvoice!.number, creditNote!.number]);
    expect(body.documents[0]).toMatchObject({ kind: 'invoice', issue_date: today, guest, booking_id: card.id, method: 'stripe', net: 716.98, vat: 43.02, taxes: 14, total: 774 });
    expect(body.documents[1]).toMatchObject({ kind: 'invoice', method: 'paypal', booking_id: paypal.id, total: 774 });
    expect(body.documents[2]).toMatchObject({ kind: 'credit_note', method: 'paypal', net: -716.98, vat: -43.02, taxes: -14, total: -774 });
    expect(body.totals).toEqual({ count: 3, net: 716.98, vat: 43.02, taxes: 14, total: 774 });

    const exported = await csv(w, w.admin, period);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="invoices-${today}-${today}.csv"`);
    expect(exported.headers['cache-control']).toBe('private, no-store');
    // UTF-8 with a byte-order mark, CRLF lines.
    expect([...exported.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exported.body.slice(1).split('\r\n')).toEqual([
      'number,date,guest,net,vat,taxes,total,method,booking',
      `${cardInvoice!.number},${today},${guest},716.98,43.02,14.00,774.00,stripe,${card.id}`,
      `${paypalInvoice!.number},${today},${guest},716.98,43.02,14.00,774.00,paypal,${paypal.id}`,
      `${creditNote!.number},${today},${guest},-716.98,-43.02,-14.00,-774.00,paypal,${paypal.id}`,
      '',
    ]);
  });

  it('keeps to the period: a day before or after lists nothing', async () => {
    await paidByCard(w, await taxedRoom(), 40);
    for (const day of [addDays(today, -1), addDays(today, 1)]) {
      const body = (await list(w, w.admin, `?from=${day}&to=${day}`)).json<AdminInvoiceList>();
      expect(body).toEqual({ from: day, to: day, documents: [], totals: { count: 0, net: 0, vat: 0, taxes: 0, total: 0 } });
      expect((await csv(w, w.admin, `?from=${day}&to=${day}`)).body).toBe('\uFEFFnumber,date,guest,net,vat,taxes,total,method,booking\r\n');
    }
    const around = (await list(w, w.admin, `?from=${addDays(today, -1)}&to=${addDays(today, 1)}`)).json<AdminInvoiceList>();
    expect(around.documents.length).toBeGreaterThan(0);
    expect(around.documents.every((d) => d.issue_date === today)).toBe(true);
  });

  it('a guest name a spreadsheet would run, or with commas and quotes, is written as plain text', async () => {
    const hostile = await registerUser(w.app, { first_name: '=HYPERLINK("http://x")', name: 'Dupont, "Jr"' });
    const booking = await paidByCard(w, await taxedRoom(), 50, hostile.token);
    const body = (await csv(w, w.admin, period)).body;
    const row = body.split('\r\n').find((line) => line.endsWith(booking.id));
    expect(row).toContain(`,"'=HYPERLINK(""http://x"") Dupont, ""Jr""",`);
  });

  it('admins only; a bad period is refused with the field named and nothing else', async () => {
    const guest = await registerUser(w.app);
    for (const call of [list, csv]) {
      expect((await call(w, undefined, period)).statusCode).toBe(401);
      const forbidden = await call(w, guest.token, period);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'forbidden' });
      for (const query of [
        '',
        `?from=${today}`,
        `?to=${today}`,
        `?from=2026-02-30&to=${today}`,
        `?from=${today}&to=tomorrow`,
        `?from=${today}&to=${addDays(today, -1)}`,
        `?from=${today}&to=${addDays(today, 366)}`,
        `?from=${'9'.repeat(5000)}&to=${today}`,
        `?from[]=${today}&to=${today}`,
        `?from=${today}&to=${today}' OR 1=1 --`,
      ]) {
        const response = await call(w, w.admin, query);
        expect(response.statusCode, query.slice(0, 60)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation_error' });
      }
      const reversed = (await call(w, w.admin, `?from=${today}&to=${addDays(today, -1)}`)).json<{ field?: string }>();
      expect(reversed.field).toBe('to');
    }
    // A whole leap year is one period.
    expect((await list(w, w.admin, '?from=2028-01-01&to=2028-12-31')).statusCode).toBe(200);
  });
});

describe('the export’s cells', () => {
  it('writes cents with a point and two decimals, the sign kept', () => {
    expect([0, 5, 100, 77_400, -4_302, -5].map(centsText)).toEqual(['0.00', '0.05', '1.00', '774.00', '-43.02', '-0.05']);
  });

  it('quotes what a CSV reader would split, and defuses formulas', () => {
    expect(csvText('Ana Lima')).toBe('Ana Lima');
    expect(csvText('Lima, Ana')).toBe('"Lima, Ana"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('+351 9')).toBe("'+351 9");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('-2')).toBe("'-2");
  });
});
