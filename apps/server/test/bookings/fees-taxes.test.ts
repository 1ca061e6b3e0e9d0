import { describe, expect, it } from 'vitest';
import type { Booking, CancellationQuote, Property, QuoteResponse, Room, SearchResponse } from '@roomweek/contract';
import { eq } from 'drizzle-orm';
import { outboxMessages } from '../../src/db/outbox-schema.ts';
import { renderAdminBookingAlert, renderBookingConfirmation, type BookingPayload } from '../../src/plugins/app/notifications/templates.ts';
import { bearer, book, createProperty, createRoom, siteDate, useTestApp } from '../helper.ts';
import { cancelBooking, mine, quoteOf } from '../cancellation/cancellation-support.ts';
import { bookingRow, createOrder, paymentStatus, startCheckout, usePaymentsWorld, type PaymentsWorld } from '../payments/payments-support.ts';
import { search } from '../search/search-support.ts';

/**
 * The whole price of a stay (issue 27, docs/behaviour.md §18): fees and taxes per property, a room's own fees, VAT
 * included; the quote, the booking's copy, the payments, the cancellation's split. The expected figures are worked
 * out by hand in the comments, not by the function under test.
 */
const CLEANING = { code: 'cleaning', name: { fr: 'Ménage', pt: 'Limpeza', en: 'Cleaning' }, amount: 60, per: 'stay' };
const LINEN = { code: 'linen', name: { fr: 'Linge' }, amount: 5.5, per: 'guest' };
const LISBON_TAX = {
  code: 'tourist_tax',
  name: { fr: 'Taxe de séjour', pt: 'Taxa turística', en: 'Tourist tax' },
  kind: 'per_adult_night',
  amount: 2,
  max_nights: 7,
};
const TERMS = { fees: [CLEANING, LINEN], taxes: [LISBON_TAX], vat_percent: 6 };
const PROPERTY_BODY = { name: 'Casa Teste', description: 'Uma casa', location: 'Lisboa', room_count: 2 };

/** A property with TERMS and its room at 700 € a week. */
async function pricedRoom(w: PaymentsWorld, terms: Record<string, unknown> = TERMS): Promise<{ property: Property; room: Room }> {
  const property = await createProperty(w.app, w.admin, { ...PROPERTY_BODY, ...terms });
  const room = await createRoom(w.app, w.admin, property.id, { price_per_week: 700, max_guests: 4 });
  return { property, room };
}

const quote = async (w: PaymentsWorld, roomId: string, from: number, nights: number, party = '', lang = 'pt') => {
  const response = await w.app.inject({
    url: `/api/rooms/${roomId}/quote?start_date=${siteDate(from)}&end_date=${siteDate(from + nights)}${party}&lang=${lang}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QuoteResponse>();
};

const bookStay = async (w: PaymentsWorld, roomId: string, from: number, nights: number, method = 'on_site', party = { adults: 2, children: 1 }) => {
  const response = await book(w.app, w.guest.token, { room_id: roomId, start_date: siteDate(from), end_date: siteDate(from + nights), payment_method: method, ...party });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Booking>();
};

describe('fees, taxes and VAT on the quote and the booking', () => {
  const w = usePaymentsWorld();

  it('quotes rent, each fee and the tax for 2 adults and 1 child, names in the language asked, and the booking charges it', async () => {
    const { room } = await pricedRoom(w);
    // 10 nights: rent 700 × 10/7 = 1000 €; cleaning 60 €; linen 3 people × 5.50 = 16.50 €;
    // tax 2 adults × min(10, 7) nights × 2 € = 28 € (the child exempt); total 1104.50 €;
    // VAT 6 % included in rent and fees: 1076.50 × 6 / 106 = 60.9339… → 60.93 €.
    const answer = await quote(w, room.id, 30, 10, '&adults=2&children=1');
    expect(answer).toMatchObject({ rent_total: 1000, fees_total: 76.5, taxes_total: 28, vat_included: 60.93, total_price: 1104.5 });
    expect(answer.lines.map((line) => [line.kind, 'name' in line ? line.name : null, 'quantity' in line ? line.quantity : line.nights, line.amount])).toEqual([
      ['standard', null, 10, 1000],
      ['fee', 'Limpeza', 1, 60],
      ['fee', 'Linge', 3, 16.5],
      ['tax', 'Taxa turística', 14, 28],
    ]);

    const booking = await bookStay(w, room.id, 30, 10);
    expect(booking).toMatchObject({ total_price: 1104.5, rent_total: 1000, fees_total: 76.5, taxes_total: 28, vat_included: 60.93 });
    // The same lines, the names in the language the booking was read in (here French, the default).
    expect(booking.price_lines.map((line) => line.amount)).toEqual([1000, 60, 16.5, 28]);
    expect(booking.price_lines[1]).toMatchObject({ kind: 'fee', code: 'cleaning', name: 'Ménage', quantity: 1, unit_amount: 60 });
    const row = await bookingRow(w.db, booking.id);
    expect([row.totalCents, row.feesCents, row.taxesCents, row.vatCents]).toEqual([110_450, 7_650, 2_800, 6_093]);

    const listed = (await w.app.inject({ url: '/api/bookings?lang=pt', headers: bearer(w.guest.token) })).json<Booking[]>().find((b) => b.id === booking.id)!;
    expect(listed.price_lines.map((line) => ('name' in line ? line.name : line.kind))).toEqual(['standard', 'Limpeza', 'Linge', 'Taxa turística']);
    const admin = (await w.app.inject({ url: '/api/admin/bookings', headers: bearer(w.admin) })).json<Booking[]>().find((b) => b.id === booking.id)!;
    expect(admin).toMatchObject({ total_price: 1104.5, taxes_total: 28 });
    expect(admin.price_lines).toHaveLength(4);

    // The confirmation e-mail and the owner's WhatsApp show the lines (names in the recipient's language: here French).
    const [message] = await w.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `booking_confirmation:${booking.id}`));
    const payload = message!.payload as unknown as BookingPayload;
    const email = renderBookingConfirmation('fr', payload);
    for (const text of ['Loyer', 'Ménage (1 × 60,00', 'Linge (3 × 5,50', 'Taxe de séjour (14 × 2,00', 'TVA incluse', '60,93', '1104,50']) {
      expect(email.text.replace(/\u202f|\u00a0/g, ' ').replace(/ /g, ''), text).toContain(text.replace(/ /g, ''));
    }
    expect(email.html).toContain('Ménage');
    const [alert] = await w.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, `admin_booking_alert:${booking.id}`));
    const whatsapp = renderAdminBookingAlert('en', alert!.payload as unknown as BookingPayload);
    expect(whatsapp).toContain('Rent: €1,000.00');
    expect(whatsapp).toContain('Ménage (1 × €60.00): €60.00');
    expect(whatsapp).toContain('VAT included: €60.93');
  });

  it('changes the taxes and the per-person fees with the party', async () => {
    const { room } = await pricedRoom(w, { ...TERMS, taxes: [{ ...LISBON_TAX, children_exempt: false }] });
    // 7 nights, 1 adult: linen 5.50, tax 1 × 7 × 2 = 14 → 700 + 60 + 5.50 + 14 = 779.50
    expect((await quote(w, room.id, 30, 7)).total_price).toBe(779.5);
    // 2 adults and 2 children counted (not exempt): linen 4 × 5.50 = 22, tax 4 × 7 × 2 = 56 → 838
    const four = await quote(w, room.id, 30, 7, '&adults=2&children=2');
    expect(four).toMatchObject({ fees_total: 82, taxes_total: 56, total_price: 838 });
  });

  it('keeps a booking as it was made when the fees change afterwards', async () => {
    const { property, room } = await pricedRoom(w);
    const booking = await bookStay(w, room.id, 40, 7);
    // 700 + 60 + 16.50 + 2 × 7 × 2 = 804.50
    expect(booking.total_price).toBe(804.5);
    const changed = await w.app.inject({
      method: 'PUT',
      url: `/api/properties/${property.id}`,
      headers: bearer(w.admin),
      payload: { ...PROPERTY_BODY, fees: [{ ...CLEANING, amount: 90 }], taxes: [], vat_percent: 0 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Property>()).toMatchObject({ fees: [{ code: 'cleaning', amount: 90 }], taxes: [], vat_percent: 0 });
    // A new quote has the new terms: 700 + 90.
    expect((await quote(w, room.id, 60, 7, '&adults=2&children=1')).total_price).toBe(790);
    const kept = await mine(w.app, w.guest.token, booking.id);
    expect(kept).toMatchObject({ total_price: 804.5, fees_total: 76.5, taxes_total: 28, vat_included: 43.95 }); // 776.50 × 6 / 106 = 43.953… → 43.95
    expect(kept.price_lines.map((line) => line.amount)).toEqual([700, 60, 16.5, 28]);
  });

  it('gives a room its own fees in place of its property’s', async () => {
    const { property } = await pricedRoom(w);
    const own = await createRoom(w.app, w.admin, property.id, { price_per_week: 700, fees: [{ code: 'cleaning', name: { fr: 'Ménage' }, amount: 100, per: 'stay' }] });
    expect(own.fees).toEqual([{ code: 'cleaning', name: { fr: 'Ménage' }, amount: 100, per: 'stay' }]);
    // 700 + 100 (its cleaning, no linen) + the property's tax 1 × 7 × 2 = 814
    expect(await quote(w, own.id, 30, 7)).toMatchObject({ fees_total: 100, taxes_total: 14, total_price: 814 });
    const detail = (await w.app.inject({ url: `/api/rooms/${own.id}` })).json<{ price_terms: unknown }>();
    expect(detail.price_terms).toMatchObject({ fees: [{ code: 'cleaning', amount: 100 }], taxes: [{ code: 'tourist_tax', amount: 2, max_nights: 7 }], vat_percent: 6 });
  });

  it('prices the search’s total_price with the whole price, as the quote does', async () => {
    const { property, room } = await pricedRoom(w);
    const found = await search(w.app, { start_date: siteDate(90), end_date: siteDate(97), guests: 3, children: 1, property_id: property.id });
    expect(found.statusCode, found.body).toBe(200);
    const item = found.json<SearchResponse>().items.find((i) => i.room_id === room.id)!;
    expect(item.total_price).toBe((await quote(w, room.id, 90, 7, '&adults=2&children=1')).total_price);
    expect(item.total_price).toBe(804.5);
  });
});

describe('payments charge the whole total; a cancellation refunds the taxes in full', () => {
  const w = usePaymentsWorld();

  it('charges the card and PayPal the whole total', async () => {
    const { room } = await pricedRoom(w);
    const card = await bookStay(w, room.id, 20, 7, 'stripe');
    expect(card.total_price).toBe(804.5);
    const session = await startCheckout(w, card);
    expect(session.amount_total).toBe(80_450);

    const paypal = await bookStay(w, room.id, 40, 7, 'paypal');
    const order = await createOrder(w.app, w.guest.token, { booking_id: paypal.id });
    expect(order.statusCode, order.body).toBe(200);
    expect(w.paypal.order(order.json<{ order_id: string }>().order_id).purchase_units[0]).toMatchObject({ amount: { currency_code: 'EUR', value: '804.50' } });
  });

  it('refunds, once late, the taxes in full and the policy’s share of rent and fees, and shows the split', async () => {
    const { room } = await pricedRoom(w);
    // Arrival in 10 days: past the default 14 days free, so 50 % of rent and fees comes back.
    const booking = await bookStay(w, room.id, 10, 7, 'stripe');
    const session = await startCheckout(w, booking);
    w.stripe.markPaid(session.id);
    expect((await paymentStatus(w.app, w.guest.token, session.id)).json<{ payment_status: string }>().payment_status).toBe('paid');

    // Paid 804.50: taxes 28 back in full, 50 % of the rest 776.50 = 388.25 → 416.25
    const answer: CancellationQuote = await quoteOf(w.app, w.guest.token, booking.id);
    expect(answer).toMatchObject({ refund_amount: 416.25, policy_refund_amount: 416.25, paid_amount: 804.5, fee: 388.25 });
    expect(answer.policy_refund_split).toEqual({ rent_and_fees: 388.25, taxes: 28 });

    const cancelled = await cancelBooking(w.app, w.guest.token, booking.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Booking>()).toMatchObject({ status: 'cancelled', refund_amount: 416.25 });
    expect(w.stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toEqual([expect.objectContaining({ amount: 41_625 })]);
  });
});

describe('bad fees and taxes', () => {
  const w = usePaymentsWorld();

  it('refuses them with 400 naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fees: [{ ...CLEANING, per: 'month' }] }, 'fees.0.per'],
      [{ taxes: [{ ...LISBON_TAX, kind: 'per_room' }] }, 'taxes.0.kind'],
      [{ fees: [{ ...CLEANING, amount: -1 }] }, 'fees.0.amount'],
      [{ taxes: [{ ...LISBON_TAX, amount: -0.5 }] }, 'taxes.0.amount'],
      [{ taxes: [{ code: 'p', name: { fr: 'P' }, kind: 'percent_of_rent', percent: 100.5 }] }, 'taxes.0.percent'],
      [{ taxes: [{ code: 'p', name: { fr: 'P' }, kind: 'percent_of_rent' }] }, 'taxes.0.percent'],
      [{ taxes: [{ code: 'city', name: { fr: 'Ville' }, kind: 'per_night' }] }, 'taxes.0.amount'],
      [{ fees: [CLEANING, { ...LINEN, code: 'cleaning' }] }, 'fees.1.code'],
      [{ fees: [{ ...CLEANING, name: { pt: 'Limpeza' } }] }, 'fees.0.name.fr'],
      [{ fees: [{ ...CLEANING, name: { fr: '  ' } }] }, 'fees.0.name.fr'],
      [{ vat_percent: 31 }, 'vat_percent'],
      [{ vat_percent: 6.555 }, 'vat_percent'],
      [{ fees: [{ ...CLEANING, amount: 1e12 }] }, 'fees.0.amount'],
      [{ fees: 'cleaning' }, 'fees'],
      [{ taxes: [{ ...LISBON_TAX, max_nights: 0 }] }, 'taxes.0.max_nights'],
    ];
    for (const [terms, field] of cases) {
      const response = await w.app.inject({ method: 'POST', url: '/api/properties', headers: bearer(w.admin), payload: { ...PROPERTY_BODY, ...terms } });
      expect(response.statusCode, JSON.stringify(terms)).toBe(400);
      expect(response.json(), JSON.stringify(terms)).toMatchObject({ code: 'validation_error', field });
    }
    const properties = (await w.app.inject({ url: '/api/properties' })).json<Property[]>();
    expect(properties.filter((p) => p.name === PROPERTY_BODY.name)).toEqual([]);
    const room = await w.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(w.admin),
      payload: { property_id: properties[0]!.id, room_number: 'X1', price_per_week: 100, fees: [{ ...CLEANING, per: 'year' }] },
    });
    expect(room.json()).toMatchObject({ code: 'validation_error', field: 'fees.0.per' });
  });

  it('refuses fees and taxes from a guest (403) and from no one (401)', async () => {
    const anonymous = await w.app.inject({ method: 'POST', url: '/api/properties', payload: { ...PROPERTY_BODY, ...TERMS } });
    expect(anonymous.statusCode).toBe(401);
    const guest = await w.app.inject({ method: 'POST', url: '/api/properties', headers: bearer(w.guest.token), payload: { ...PROPERTY_BODY, ...TERMS } });
    expect(guest.statusCode).toBe(403);
  });
});

describe('the demo data’s terms', () => {
  const t = useTestApp({ env: { SEED_DEMO: 'true' } });

  it('gives Casa Alfama a cleaning fee and Lisbon’s tax, Gràcia Barcelona’s per person-night, Sablon a room-night tax and 6 % VAT', async () => {
    const properties = (await t.app.inject({ url: '/api/properties?lang=pt' })).json<Property[]>();
    const byName = (name: string) => properties.find((p) => p.name.includes(name))!;
    expect(byName('Alfama')).toMatchObject({
      fees: [{ code: 'cleaning', per: 'stay' }],
      taxes: [{ kind: 'per_adult_night', max_nights: 7, children_exempt: true }],
      vat_percent: 0,
    });
    expect(byName('Gràcia').taxes).toMatchObject([{ kind: 'per_guest_night' }]);
    expect(byName('Sablon')).toMatchObject({ taxes: [{ kind: 'per_night' }], vat_percent: 6 });

    // A week at Casa Alfama for 2 adults and 1 child: rent + 50 € cleaning + 2 × 7 × 4 € tax.
    const rooms = (await t.app.inject({ url: `/api/rooms?property_id=${byName('Alfama').id}` })).json<Room[]>();
    const room = rooms.find((r) => r.room_number === 'A2')!;
    const answer = (
      await t.app.inject({ url: `/api/rooms/${room.id}/quote?start_date=${siteDate(30)}&end_date=${siteDate(37)}&adults=2&children=1&lang=pt` })
    ).json<QuoteResponse>();
    expect(answer).toMatchObject({ rent_total: room.price_per_week, fees_total: 50, taxes_total: 56, total_price: room.price_per_week + 106 });
    expect(answer.lines.map((line) => ('name' in line ? line.name : line.kind))).toEqual(['standard', 'Limpeza', 'Taxa turística']);
  });
});
