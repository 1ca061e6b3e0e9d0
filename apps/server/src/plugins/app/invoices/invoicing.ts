import type { FastifyBaseLogger } from 'fastify';
import { invoicePdfUrl, type AdminInvoiceList, type BillingDetails, type Booking, type BusinessSettings, type Language, type InvoiceDocument, type InvoiceKind, type InvoiceMethod, type InvoiceSummary } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { siteToday } from '../../../lib/dates.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { EmailAttachment } from '../notifications/mailer.ts';
import { toBooking } from '../bookings/booking-view.ts';
import type { BookingRow, BookingsRepository } from '../bookings/bookings-repository.ts';
import { cancellingEntry, paymentInvoice, refundCreditNote, type Issue, type PartPaid } from './invoice-documents.ts';
import { ledger, ledgerCsv } from './invoice-ledger.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { InvoiceRow, InvoicesRepository } from './invoices-repository.ts';

/** Which documents each booking e-mail carries. */
const ATTACHED: Partial<Record<string, 'payment' | 'refund'>> = { booking_confirmation: 'payment', booking_cancelled: 'refund' };

export interface InvoicingOptions {
  repository: InvoicesRepository;
  db: Database;
  bookings: BookingsRepository;
  /** The business as it is now (the settings service's `business()`), read in the issuing transaction. */
  business: (executor: Executor) => Promise<BusinessSettings>;
  timeZone: string;
  log: FastifyBaseLogger;
}

/** A payment received by card or PayPal (as the settlement knows it), or recorded by hand. */
export interface InvoicedPayment {
  provider: InvoiceMethod;
  reference: string;
  amountCents: number;
  /** When it pays part of the booking: which part (decision 0044). */
  part?: PartPaid;
}

/** A refund just recorded (payment_refunds). */
export interface CreditedRefund {
  id: string;
  bookingId: string;
  paymentReference: string;
  amountCents: number;
}

/**
 * Invoices and credit notes (docs/behaviour.md §19, docs/decisions/0037-invoices.md): each issued in the caller's
 * transaction (the one that records the payment or the refund), numbered from its series' counter, its data stored
 * once and never changed; the PDF is drawn from that data. Only the booking's guest and the admins see them.
 */
export class Invoicing {
  constructor(private readonly options: InvoicingOptions) {}

  /** The invoice of a payment that paid a booking; one per payment however often it is reported. */
  async issueForPayment(tx: Executor, booking: BookingRow, payment: InvoicedPayment): Promise<InvoiceRow | undefined> {
    const { repository, log } = this.options;
    if (await repository.invoiceOfPayment(tx, booking.id, payment.reference)) return undefined;
    const business = await this.options.business(tx);
    // What the booking's earlier payments were invoiced for: a part's VAT and taxes follow on from them (decision 0044).
    const before = await repository.invoicedPaymentsCents(tx, booking.id);
    const row = await this.issue(tx, 'invoice', business, booking, (issue) => paymentInvoice(booking, business, issue, payment.provider, payment.amountCents, before, payment.part), {
      paymentReference: payment.reference,
    });
    log.info({ bookingId: booking.id, number: row.number }, 'invoice issued');
    return row;
  }

  /**
   * The credit note of a refund just recorded, referring to the invoice of the payment refunded. A payment that got no
   * invoice (money owed back at once: paid twice, a wrong amount, dates taken) gets no credit note: nothing was invoiced.
   */
  async issueForRefund(tx: Executor, refund: CreditedRefund): Promise<InvoiceRow | undefined> {
    const { repository, log } = this.options;
    const invoice = await repository.invoiceOfPayment(tx, refund.bookingId, refund.paymentReference);
    if (!invoice || (await repository.creditNoteOfRefund(tx, refund.id))) return undefined;
    const business = await this.options.business(tx);
    const row = await this.issueFor(tx, 'credit_note', business, invoice, (issue) => refundCreditNote(invoice.document, business, issue, refund.amountCents), {
      refundId: refund.id,
      correctsId: invoice.id,
    });
    log.info({ bookingId: refund.bookingId, number: row.number }, 'credit note issued');
    return row;
  }

  /** A refund failed at the provider: its credit note stays, and an entry cancelling it is issued (once). */
  async cancelForFailedRefund(tx: Executor, refundId: string): Promise<InvoiceRow | undefined> {
    const { repository, log } = this.options;
    const creditNote = await repository.creditNoteOfRefund(tx, refundId);
    if (!creditNote || (await repository.isCancelled(tx, creditNote.id))) return undefined;
    const business = await this.options.business(tx);
    const row = await this.issueFor(tx, 'invoice', business, creditNote, (issue) => cancellingEntry(creditNote.document, business, issue), {
      correctsId: creditNote.id,
    });
    log.info({ bookingId: creditNote.bookingId, number: row.number }, 'credit note cancelled: its refund failed');
    return row;
  }

  /** The booking's documents for its guest or an admin; 404 for anyone else, as for a booking that does not exist. */
  async ofBooking(user: UserRow, bookingId: string): Promise<InvoiceSummary[]> {
    const view = await this.options.bookings.view(bookingId);
    if (!view || (view.booking.userId !== user.id && user.role !== 'admin')) throw notFound('booking_not_found', 'Booking not found');
    return (await this.options.repository.ofBooking(bookingId)).map(summaryOf);
  }

  /**
   * The billing details of the guest's own booking, or null for the account; 409 `billing_locked` once the booking has
   * an invoice (the invoice keeps what it was issued with). Under the booking's row lock, which the settlement also
   * takes before invoicing: a payment and a change of details never cross.
   */
  async setBilling(user: UserRow, bookingId: string, billing: BillingDetails | null, language: Language): Promise<Booking> {
    const { bookings, repository } = this.options;
    return this.options.db.transaction(async (tx) => {
      const locked = await bookings.lock(tx, bookingId);
      if (!locked || locked.booking.userId !== user.id) throw notFound('booking_not_found', 'Booking not found');
      if (await repository.hasAny(tx, bookingId)) throw conflict('billing_locked', 'An invoice was issued for this booking: its billing details can no longer change');
      await bookings.update(tx, bookingId, { billing });
      const view = await bookings.view(bookingId, tx);
      if (!view) throw notFound('booking_not_found', 'Booking not found');
      return toBooking(view, language);
    });
  }

  /** A document's PDF for its booking's guest or an admin; 404 for anyone else. */
  async pdf(user: UserRow, number: string): Promise<{ number: string; bytes: Uint8Array }> {
    const row = await this.options.repository.byNumber(number);
    if (!row || (row.userId !== user.id && user.role !== 'admin')) throw notFound('invoice_not_found', 'Invoice not found');
    return { number: row.number, bytes: await renderInvoicePdf(row.document, row.issuedAt) };
  }

  /**
   * The PDFs a booking e-mail carries (docs/decisions/0037): the confirmation, the invoices of the payments; the
   * cancellation, the credit notes of the refunds. Other messages carry none.
   */
  async attachmentsFor(kind: string, bookingId: string): Promise<EmailAttachment[]> {
    const purpose = ATTACHED[kind];
    if (!purpose) return [];
    const rows = await this.options.repository.ofBookingFor(bookingId, purpose);
    return Promise.all(
      rows.map(async (row) => ({ filename: `${row.number}.pdf`, contentType: 'application/pdf', content: await renderInvoicePdf(row.document, row.issuedAt) })),
    );
  }

  /** Every document of a period (the site's dates, both included) with each column's total: for the admins. */
  async period(from: string, to: string): Promise<AdminInvoiceList> {
    return ledger(await this.options.repository.issuedBetween(from, to), from, to);
  }

  /** The same documents as the accountant's CSV. */
  async periodCsv(from: string, to: string): Promise<string> {
    return ledgerCsv(await this.options.repository.issuedBetween(from, to));
  }

  private issueFor(tx: Executor, kind: InvoiceKind, business: BusinessSettings, from: InvoiceRow, build: (issue: Issue) => InvoiceDocument, links: Partial<InvoiceRow>) {
    return this.issue(tx, kind, business, { id: from.bookingId, userId: from.userId }, build, links);
  }

  /**
   * Numbers and stores a document: the date and year are the site's (TZ_SITE) on the app's clock, the number the next
   * of its series (`{prefix}-{year}-{00001}`, credit notes `{prefix}-{year}-C{00001}`).
   */
  private async issue(
    tx: Executor,
    kind: InvoiceKind,
    business: BusinessSettings,
    booking: { id: string; userId: string },
    build: (issue: Issue) => InvoiceDocument,
    links: Partial<InvoiceRow>,
  ): Promise<InvoiceRow> {
    const issuedAt = new Date();
    const issueDate = siteToday(this.options.timeZone, issuedAt);
    const year = Number(issueDate.slice(0, 4));
    const prefix = business.invoice_prefix;
    const series = kind === 'invoice' ? prefix : `${prefix}-C`;
    const sequence = await this.options.repository.nextNumber(tx, series, year);
    const number = `${prefix}-${year}-${kind === 'invoice' ? '' : 'C'}${String(sequence).padStart(5, '0')}`;
    const document = build({ number, issueDate });
    return this.options.repository.insert(tx, {
      number,
      kind,
      series,
      year,
      sequence,
      bookingId: booking.id,
      userId: booking.userId,
      amountCents: document.total_cents,
      issueDate,
      issuedAt,
      language: document.language,
      document,
      ...links,
    });
  }
}

const summaryOf = (row: InvoiceRow): InvoiceSummary => ({
  number: row.number,
  kind: row.kind,
  amount: row.amountCents / 100,
  issued_at: row.issuedAt.toISOString(),
  url: invoicePdfUrl(row.number),
});
