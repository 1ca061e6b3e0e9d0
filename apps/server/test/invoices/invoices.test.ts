import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking, InvoiceSummary, Room } from '@roomweek/contract';
import { bearer, createProperty, createRoom, registerUser, siteDate } from '../helper.ts';
import { cancelBooking, paidByCard, paidByPaypal, paymentIntentOf } from '../cancellation/cancellation-support.ts';
import { deliver, paymentStatus, startCheckout, usePaymentsWorld, type PaymentsWorld } from '../payments/payments-support.ts';
import {
  BUSINESS,
  creditNoteNumber,
  getPdf,
  invoiceNumber,
  invoicesOf,
  listInvoices,
  pdfBytes,
  pdfText,
  setBusiness,
} from './invoices-support.ts';

/**
 * Invoices and credit notes (issue 29, docs/behaviour.md §19, decision 0037): issued with the payment or the refund,
 * numbered per series and year, stored when issued and drawn as a PDF from what was stored. Expected texts and figures
 * are written out by hand here, not computed by the code under test.
 */
const year = () => siteDate(0).slice(0, 4);
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('invoices and credit notes', () => {
  const w = usePaymentsWorld();
  const room = () => roomOf(w, 350);

  it('issues one invoice per card or PayPal payment, numbered without a gap', async () => {
    await setBusiness(w.app, w.admin);
    const first = await paidByCard(w, await room(), 30);
    const second = await paidByPaypal(w, await room(), 30);
    const third = await paidByCard(w, await room(), 30);
    const numbers = [];
    for (const booking of [first, second.booking, third]) {
      const list = await invoicesOf(w.app, w.guest.token, booking.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ kind: 'invoice', amount: 350, url: `/api/invoices/${list[0]!.number}.pdf` });
      expect(Date.parse(list[0]!.issued_at)).toBeGreaterThan(Date.now() - 60_000);
      numbers.push(list[0]!.number);
    }
    const n = Number(numbers[0]!.slice(-5));
    expect(numbers).toEqual([invoiceNumber(year(), n), invoiceNumber(year(), n + 1), invoiceNumber(year(), n + 2)]);

    // The same payment reported again (status poll, webhook) issues nothing more.
    const session = w.stripe.sessionFor(first.id);
    await paymentStatus(w.app, w.guest.token, session.id);
    await deliver(w, w.stripe.event('checkout.session.completed', session.id));
    expect(await invoicesOf(w.app, w.guest.token, first.id)).toHaveLength(1);
  });

  it('an on-site booking (no money recorded) and an unpaid one have no invoice', async () => {
    const onSite = await bookStay(w, w.guest.token, (await room()).id, 40, 'on_site');
    const unpaid = await bookStay(w, w.guest.token, (await room()).id, 40, 'stripe');
    expect(await invoicesOf(w.app, w.guest.token, onSite.id)).toEqual([]);
    expect(await invoicesOf(w.app, w.guest.token, unpaid.id)).toEqual([]);
  });

  it('a refund gives a credit note of its own series referring to the invoice; a failed refund gets a cancelling entry', async () => {
    await setBusiness(w.app, w.admin);
    const booking = await paidByCard(w, await room(), 30);
    const [invoice] = await invoicesOf(w.app, w.guest.token, booking.id);
    w.stripe.newRefundStatus = 'pending';
    try {
      expect((await cancelBooking(w.app, w.guest.token, booking.id)).statusCode).toBe(200);
    } finally {
      w.stripe.newRefundStatus = 'succeeded';
    }
    const afterRefund = await invoicesOf(w.app, w.guest.token, booking.id);
    expect(afterRefund).toHaveLength(2);
    const note = afterRefund[1]!;
    expect(note).toMatchObject({ kind: 'credit_note', amount: -350 });
    // The world's first refund: its series starts at C00001, apart from the invoices'.
    expect(note.number).toBe(creditNoteNumber(year(), 1));
    const noteText = flat((await pdfText(await pdfBytes(w.app, w.guest.token, note.url))).text);
    expect(noteText).toContain(`Corrige la facture ${invoice!.number}`);
    expect(noteText).toContain(`Remboursement sur la facture ${invoice!.number}`);
    expect(noteText).toContain('-350,00 €');

    // The refund fails at Stripe: the credit note stays, an invoice-series entry cancels it.
    const [stripeRefund] = w.stripe.refunds.filter((r) => r.payment_intent === paymentIntentOf(w, booking.id));
    expect((await deliver(w, w.stripe.settleRefund(stripeRefund!.id, 'failed'))).statusCode).toBe(200);
    const afterFailure = await invoicesOf(w.app, w.guest.token, booking.id);
    expect(afterFailure.slice(0, 2)).toEqual(afterRefund);
    expect(afterFailure).toHaveLength(3);
    expect(afterFailure[2]).toMatchObject({ kind: 'invoice', amount: 350 });
    expect(Number(afterFailure[2]!.number.slice(-5))).toBeGreaterThan(Number(invoice!.number.slice(-5)));
    const cancelText = flat((await pdfText(await pdfBytes(w.app, w.admin, afterFailure[2]!.url))).text);
    expect(cancelText).toContain(`Annule l'avoir ${note.number}`);
    // Told again, nothing more is issued.
    await deliver(w, w.stripe.settleRefund(stripeRefund!.id, 'failed'));
    expect(await invoicesOf(w.app, w.guest.token, booking.id)).toHaveLength(3);
  });

  it('credit notes are numbered in their own unbroken series (an admin’s partial refunds)', async () => {
    const booking = await paidByCard(w, await room(), 30);
    for (const [amount, key] of [[50, 'k-1'], [25.5, 'k-2']] as const) {
      const response = await w.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/refund`,
        headers: { ...bearer(w.admin), 'idempotency-key': `${booking.id}-${key}` },
        payload: { amount, reason: 'goodwill' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const notes = (await invoicesOf(w.app, w.admin, booking.id)).filter((d) => d.kind === 'credit_note');
    expect(notes.map((d) => d.amount)).toEqual([-50, -25.5]);
    expect(notes.map((d) => d.number)).toEqual([creditNoteNumber(year(), 2), creditNoteNumber(year(), 3)]);
  });

  it('only the booking’s guest and the admins see its documents: anyone else gets 404', async () => {
    const booking = await paidByCard(w, await room(), 30);
    const [invoice] = await invoicesOf(w.app, w.guest.token, booking.id);
    const stranger = await registerUser(w.app);
    expect((await listInvoices(w.app, stranger.token, booking.id)).json()).toMatchObject({ code: 'booking_not_found' });
    expect((await listInvoices(w.app, stranger.token, booking.id)).statusCode).toBe(404);
    const refused = await getPdf(w.app, stranger.token, invoice!.url);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'invoice_not_found']);
    expect((await getPdf(w.app, undefined, invoice!.url)).statusCode).toBe(401);
    expect((await listInvoices(w.app, undefined, booking.id)).statusCode).toBe(401);
    expect((await getPdf(w.app, w.guest.token, '/api/invoices/TST-1999-00001.pdf')).statusCode).toBe(404);
    expect((await getPdf(w.app, w.guest.token, `/api/invoices/${'9'.repeat(41)}.pdf`)).statusCode).toBe(400);
    expect((await listInvoices(w.app, w.guest.token, 'not-a-uuid')).statusCode).toBe(400);
    expect(await invoicesOf(w.app, w.admin, booking.id)).toEqual([invoice]);
    const own = await getPdf(w.app, w.guest.token, invoice!.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('changing the business after issuing changes no issued PDF; later invoices carry the new details', async () => {
    await setBusiness(w.app, w.admin);
    const booking = await paidByCard(w, await room(), 30);
    const [invoice] = await invoicesOf(w.app, w.guest.token, booking.id);
    const before = await pdfBytes(w.app, w.guest.token, invoice!.url);
    await setBusiness(w.app, w.admin, { ...BUSINESS, legal_name: 'Nouvelle Société SA', address: 'Avenue Louise 1\n1050 Bruxelles' });
    const after = await pdfBytes(w.app, w.guest.token, invoice!.url);
    expect(Buffer.compare(before, after)).toBe(0);
    const text = flat((await pdfText(after)).text);
    expect(text).toContain('Maison Éloïse & Conceição Lda');
    expect(text).not.toContain('Nouvelle Société SA');

    const later = await paidByCard(w, await room(), 30);
    const [laterInvoice] = await invoicesOf(w.app, w.guest.token, later.id);
    const laterText = flat((await pdfText(await pdfBytes(w.app, w.guest.token, laterInvoice!.url))).text);
    expect(laterText).toContain('Nouvelle Société SA');
    expect(laterText).toContain('Avenue Louise 1 1050 Bruxelles');
    await setBusiness(w.app, w.admin);
  });
});

describe('the PDF in the guest’s language', () => {
  const w = usePaymentsWorld();
  const CLEANING = { code: 'cleaning', name: { fr: 'Ménage', pt: 'Limpeza', en: 'Cleaning' }, amount: 60, per: 'stay' };
  const LINEN = { code: 'linen', name: { fr: 'Linge' }, amount: 5.5, per: 'guest' };
  const TAX = { code: 'tourist_tax', name: { fr: 'Taxe de séjour', pt: 'Taxa turística', en: 'Tourist tax' }, kind: 'per_adult_night', amount: 2, max_nights: 7 };

  // A week at 700 € for 2 adults and a child: cleaning 60, linen 3 × 5.50 = 16.50, tax 2 adults × 7 nights × 2 = 28;
  // total 804.50; VAT 6 % included in 776.50: 776.50 × 6 / 106 = 43.95 on a base of 732.55.
  const EXPECTED = {
    fr: ['Facture', 'Location du', '7 nuits à 700,00 € la semaine', 'Ménage : 1 × 60,00 €', 'Linge : 3 × 5,50 €', 'Taxe de séjour : 14 × 2,00 € 28,00 €', 'Total TTC 804,50 €', 'dont TVA 6 % sur 732,55 € 43,95 €', 'Payé par carte bancaire', 'Merci de votre séjour.'],
    es: ['Factura', 'Alquiler del', '7 noches a 700,00 € por semana', 'Ménage: 1 × 60,00 €', 'Linge: 3 × 5,50 €', 'Taxe de séjour: 14 × 2,00 € 28,00 €', 'Total (IVA incluido) 804,50 €', 'incluye IVA 6 % sobre 732,55 € 43,95 €', 'Pagado con tarjeta', 'Gracias por su estancia, señor.'],
    pt: ['Fatura', 'Alojamento de', '7 noites a 700,00 € por semana', 'Limpeza: 1 × 60,00 €', 'Linge: 3 × 5,50 €', 'Taxa turística: 14 × 2,00 € 28,00 €', 'Total (IVA incluído) 804,50 €', 'inclui IVA 6 % sobre 732,55 € 43,95 €', 'Pago com cartão', 'Obrigado pela sua estadia.'],
    en: ['Invoice', 'Rent from', '7 nights at €700.00 a week', 'Cleaning: 1 × €60.00', 'Linge: 3 × €5.50', 'Tourist tax: 14 × €2.00 €28.00', 'Total (VAT included) €804.50', 'including VAT 6% on €732.55 €43.95', 'Paid by card', 'Thank you for staying.'],
  } as const;

  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('%s: number, business, guest, each line and the total, on A4', async (language) => {
    await setBusiness(w.app, w.admin);
    const property = await createProperty(w.app, w.admin, { fees: [CLEANING, LINEN], taxes: [TAX], vat_percent: 6 });
    const room = await createRoom(w.app, w.admin, property.id, { price_per_week: 700, max_guests: 4 });
    const guest = await registerUser(w.app, { first_name: 'Inês', name: 'Muñoz Çelik' });
    const booking = await bookStay(w, guest.token, room.id, 30, 'stripe', language, { adults: 2, children: 1 });
    const session = await startCheckout(w, booking, guest.token);
    w.stripe.markPaid(session.id);
    await paymentStatus(w.app, guest.token, session.id);
    const [invoice] = await invoicesOf(w.app, guest.token, booking.id);
    expect(invoice).toMatchObject({ kind: 'invoice', amount: 804.5 });

    const { text, sizes } = await pdfText(await pdfBytes(w.app, guest.token, invoice!.url));
    expect(sizes).toEqual([[595, 842]]);
    const all = flat(text);
    for (const expected of [invoice!.number, 'Maison Éloïse & Conceição Lda', 'Rua da Alegria 12 1250-004 Lisboa', 'PT 123456789', 'Inês Muñoz Çelik', guest.user.email, ...EXPECTED[language]]) {
      expect(all).toContain(expected);
    }
  });
});

describe('the series and the year', () => {
  const w = usePaymentsWorld();
  afterEach(() => vi.useRealTimers());

  /** Pays a booking by webhook with the app's clock at `instant` (only Date is faked). */
  async function paidAt(instant: string): Promise<InvoiceSummary> {
    const booking = await bookStay(w, w.guest.token, (await roomOf(w, 350)).id, 30, 'stripe');
    const session = await startCheckout(w, booking);
    w.stripe.markPaid(session.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
    try {
      expect((await deliver(w, w.stripe.event('checkout.session.completed', session.id))).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const [invoice] = await invoicesOf(w.app, w.guest.token, booking.id);
    return invoice!;
  }

  it('restarts at 00001 on the site’s new year (Europe/Brussels: 23:30 UTC on 31 December is already January)', async () => {
    await setBusiness(w.app, w.admin, { ...BUSINESS, invoice_prefix: 'YR' });
    expect((await paidAt('2030-12-31T10:00:00Z')).number).toBe('YR-2030-00001');
    expect((await paidAt('2030-12-31T22:30:00Z')).number).toBe('YR-2030-00002');
    const newYear = await paidAt('2030-12-31T23:30:00Z');
    expect(newYear.number).toBe('YR-2031-00001');
    expect(newYear.issued_at).toBe('2030-12-31T23:30:00.000Z');
    expect((await paidAt('2031-01-02T09:00:00Z')).number).toBe('YR-2031-00002');
  });
});

async function roomOf(w: PaymentsWorld, pricePerWeek: number): Promise<Room> {
  const property = await createProperty(w.app, w.admin);
  return createRoom(w.app, w.admin, property.id, { price_per_week: pricePerWeek });
}

async function bookStay(w: PaymentsWorld, token: string, roomId: string, fromDay: number, method: string, language = 'fr', party = { adults: 1, children: 0 }): Promise<Booking> {
  const response = await w.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { ...bearer(token), 'accept-language': language },
    payload: { room_id: roomId, start_date: siteDate(fromDay), end_date: siteDate(fromDay + 7), payment_method: method, ...party },
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json<Booking>();
}
