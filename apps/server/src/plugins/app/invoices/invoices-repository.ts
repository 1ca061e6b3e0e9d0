import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { invoiceCounters, invoices, type InvoiceRow } from '../../../db/invoices-schema.ts';

export type { InvoiceRow } from '../../../db/invoices-schema.ts';
export type NewInvoice = typeof invoices.$inferInsert;

/** Every query on invoices, credit notes and their counters. */
export class InvoicesRepository {
  constructor(private readonly db: Database) {}

  /**
   * The next number of a series in a year: the counter row is created or moved on under its row lock, held until the
   * caller's transaction ends, so numbers are unbroken and unique on every instance (docs/decisions/0037-invoices.md).
   */
  async nextNumber(tx: Executor, series: string, year: number): Promise<number> {
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ series, year, lastNumber: 1 })
      .onConflictDoUpdate({ target: [invoiceCounters.series, invoiceCounters.year], set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
      .returning({ lastNumber: invoiceCounters.lastNumber });
    if (!row) throw new Error('invoice counter not returned');
    return row.lastNumber;
  }

  async insert(tx: Executor, values: NewInvoice): Promise<InvoiceRow> {
    const [row] = await tx.insert(invoices).values(values).returning();
    if (!row) throw new Error('invoice not inserted');
    return row;
  }

  /** The invoice of a booking's payment, if one was issued. */
  async invoiceOfPayment(executor: Executor, bookingId: string, paymentReference: string): Promise<InvoiceRow | undefined> {
    const [row] = await executor
      .select()
      .from(invoices)
      .where(and(eq(invoices.bookingId, bookingId), eq(invoices.paymentReference, paymentReference), eq(invoices.kind, 'invoice'), sql`${invoices.correctsId} is null`));
    return row;
  }

  /** Whether any document was issued for a booking. */
  /** The sum of the booking's payment invoices so far (not credit notes, nor entries cancelling one), cents. */
  async invoicedPaymentsCents(executor: Executor, bookingId: string): Promise<number> {
    const [row] = await executor
      .select({ cents: sql<number>`coalesce(sum((${invoices.document}->>'total_cents')::bigint), 0)::float8` })
      .from(invoices)
      .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice'), sql`${invoices.paymentReference} is not null`, sql`${invoices.correctsId} is null`));
    return row?.cents ?? 0;
  }

  async hasAny(executor: Executor, bookingId: string): Promise<boolean> {
    const [row] = await executor.select({ id: invoices.id }).from(invoices).where(eq(invoices.bookingId, bookingId)).limit(1);
    return Boolean(row);
  }

  /** The credit note of a refund, if one was issued. */
  async creditNoteOfRefund(executor: Executor, refundId: string): Promise<InvoiceRow | undefined> {
    const [row] = await executor.select().from(invoices).where(and(eq(invoices.refundId, refundId), eq(invoices.kind, 'credit_note')));
    return row;
  }

  /** Whether a document cancelling this credit note was issued. */
  async isCancelled(executor: Executor, creditNoteId: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.correctsId, creditNoteId), eq(invoices.kind, 'invoice')));
    return Boolean(row);
  }

  /**
   * What a booking e-mail carries: the invoices of its payments (`payment`), or its credit notes (`refund`); never an
   * entry cancelling a credit note. Oldest first.
   */
  ofBookingFor(bookingId: string, purpose: 'payment' | 'refund'): Promise<InvoiceRow[]> {
    const which = purpose === 'payment' ? and(eq(invoices.kind, 'invoice'), sql`${invoices.paymentReference} is not null`) : eq(invoices.kind, 'credit_note');
    return this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.bookingId, bookingId), which))
      .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
  }

  /** A booking's documents, oldest first. */
  ofBooking(bookingId: string): Promise<InvoiceRow[]> {
    return this.db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.sequence));
  }

  async byNumber(number: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.number, number));
    return row;
  }

  /** Every document issued between two of the site's dates (both included), in the order they were issued. */
  issuedBetween(from: string, to: string): Promise<InvoiceRow[]> {
    return this.db
      .select()
      .from(invoices)
      .where(between(invoices.issueDate, from, to))
      .orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.sequence));
  }
}
