import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { SmtpSink, type ReceivedEmail } from '../fakes/smtp-sink.ts';
import { book, siteDate, useFixture } from '../helper.ts';
import { cancelBooking, paidByCard } from '../cancellation/cancellation-support.ts';
import { newRoom, paymentsWorld } from '../payments/payments-support.ts';
import { invoicesOf, pdfBytes, pdfText, setBusiness } from './invoices-support.ts';

/**
 * Issue 29 item 5: the payment confirmation carries the invoice of the payment, the cancellation the credit note of its
 * refund, as PDF files, through a real SMTP server.
 */
describe('invoices attached to the e-mails', () => {
  const w = useFixture(async () => {
    const smtp = await SmtpSink.start();
    const world = await paymentsWorld({ SMTP_URL: smtp.url, MAIL_FROM: 'RoomWeek <bookings@roomweek.test>' });
    const closeWorld = world.close;
    return Object.assign(world, {
      smtp,
      close: async () => {
        await closeWorld();
        await smtp.stop();
      },
    });
  });

  /** Sends the outbox and answers what reached the guest about this booking since `from`. */
  async function mailsAbout(booking: Booking, from: number): Promise<ReceivedEmail[]> {
    await w.app.outboxDispatcher.runOnce();
    return w.smtp.received.slice(from).filter((mail) => mail.to.includes(w.guest.user.email) && mail.text.includes(booking.id.slice(0, 8)));
  }

  it('the card payment’s confirmation carries its invoice; the cancellation carries the credit note; each PDF is the one served', async () => {
    await setBusiness(w.app, w.admin);
    const start = w.smtp.received.length;
    const booking = await paidByCard(w, await newRoom(w), 30);
    const [invoice] = await invoicesOf(w.app, w.guest.token, booking.id);
    const [confirmation] = await mailsAbout(booking, start);
    expect(confirmation?.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `${invoice!.number}.pdf`, contentType: 'application/pdf' },
    ]);
    const served = await pdfBytes(w.app, w.guest.token, invoice!.url);
    expect(confirmation!.attachments[0]!.content.equals(served)).toBe(true);
    expect((await pdfText(confirmation!.attachments[0]!.content)).text).toContain(invoice!.number);

    const beforeCancel = w.smtp.received.length;
    expect((await cancelBooking(w.app, w.guest.token, booking.id)).statusCode).toBe(200);
    const note = (await invoicesOf(w.app, w.guest.token, booking.id)).find((document) => document.kind === 'credit_note');
    const [cancellation] = await mailsAbout(booking, beforeCancel);
    expect(cancellation?.attachments.map((file) => file.filename)).toEqual([`${note!.number}.pdf`]);
    expect((await pdfText(cancellation!.attachments[0]!.content)).text).toContain(note!.number);
  });

  it('an on-site booking’s confirmation carries nothing: no money, no invoice', async () => {
    const start = w.smtp.received.length;
    const room = await newRoom(w);
    const made = await book(w.app, w.guest.token, { room_id: room.id, start_date: siteDate(50), end_date: siteDate(57), payment_method: 'on_site' });
    expect(made.statusCode, made.body).toBe(201);
    const mails = await mailsAbout(made.json<Booking>(), start);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail.attachments).toEqual([]);
  });
});
