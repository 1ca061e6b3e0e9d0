import { describe, expect, it } from 'vitest';
import type { AdminInvoiceList, Booking, PublicConfig } from '@roomweek/contract';
import { bearer, buildTestApp, createProperty, createRoom, registerUser, siteDate } from '../helper.ts';
import { deleteAccount } from '../privacy/privacy-support.ts';
import { paymentStatus, startCheckout, usePaymentsWorld } from '../payments/payments-support.ts';
import { invoicesOf, pdfBytes, pdfText, setBusiness } from './invoices-support.ts';

/**
 * Issue 29 item 6: deleting an account keeps its issued invoices and credit notes as they were (legal retention,
 * INVOICE_RETENTION_YEARS told on the privacy notice); the booking itself loses the name, e-mail and billing details.
 */
describe('invoices outlive the account', () => {
  const w = usePaymentsWorld();

  it('an account deleted after paying: its invoice is still listed and drawn with the name and billing it was issued to', async () => {
    await setBusiness(w.app, w.admin);
    const room = await createRoom(w.app, w.admin, (await createProperty(w.app, w.admin)).id, { price_per_week: 350 });
    const guest = await registerUser(w.app, { first_name: 'Inês', name: 'Lopes' });
    const created = await w.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: bearer(guest.token),
      payload: { room_id: room.id, start_date: siteDate(30), end_date: siteDate(37), payment_method: 'stripe', billing: { name: 'Inês Lopes', company: 'Lopes Design Lda' } },
    });
    const booking = created.json<Booking>();
    const session = await startCheckout(w, booking, guest.token);
    w.stripe.markPaid(session.id);
    await paymentStatus(w.app, guest.token, session.id);
    const [invoice] = await invoicesOf(w.app, guest.token, booking.id);
    const before = await pdfBytes(w.app, w.admin, invoice!.url);

    // Deleting the account cancels the upcoming stay: its refund gets a credit note, also kept.
    const deleted = await deleteAccount(w.app, guest.token, { current_password: 'secret123' });
    expect(deleted.statusCode).toBe(200);

    const documents = await invoicesOf(w.app, w.admin, booking.id);
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(documents[0]!.number).toBe(invoice!.number);
    const after = await pdfBytes(w.app, w.admin, invoice!.url);
    expect(Buffer.compare(after, before)).toBe(0);
    const text = (await pdfText(after)).text;
    expect(text).toContain('Lopes Design Lda');
    expect(text).toContain('Inês Lopes');
    expect(text).toContain(guest.user.email);

    // The booking itself keeps no personal data.
    const bookings = (await w.app.inject({ url: `/api/admin/bookings?q=${booking.id}`, headers: bearer(w.admin) })).json<Booking[]>();
    expect(bookings[0]).toMatchObject({ id: booking.id, billing: null });
    expect(bookings[0]!.user_email).not.toBe(guest.user.email);
    const today = siteDate(0);
    const list = (await w.app.inject({ url: `/api/admin/invoices?from=${today}&to=${today}`, headers: bearer(w.admin) })).json<AdminInvoiceList>();
    expect(list.documents.filter((d) => d.booking_id === booking.id).map((d) => d.guest)).toEqual(['Lopes Design Lda (Inês Lopes)', 'Lopes Design Lda (Inês Lopes)']);
  });

  it('GET /config tells how long they are kept: 10 years by default, INVOICE_RETENTION_YEARS otherwise', async () => {
    expect((await w.app.inject({ url: '/api/config' })).json<PublicConfig>().invoice_retention_years).toBe(10);
    const t = await buildTestApp({ env: { INVOICE_RETENTION_YEARS: '6' } });
    try {
      expect((await t.app.inject({ url: '/api/config' })).json<PublicConfig>().invoice_retention_years).toBe(6);
    } finally {
      await t.close();
    }
  });
});
