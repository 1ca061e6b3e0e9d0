import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceDocument, InvoiceKind } from '@roomweek/contract';

/**
 * Invoices and credit notes (migration 0024, docs/decisions/0037-invoices.md). The trigger that refuses any change to
 * an issued document is in the migration.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    /** The prefix for invoices (`RW`), the prefix and `-C` for credit notes (`RW-C`). */
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year], name: 'invoice_counters_pkey' }), check('invoice_counters_last_number_check', sql`${t.lastNumber} > 0`)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** No foreign keys to the booking nor the account: an issued document is kept whatever becomes of them. */
    bookingId: uuid('booking_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The payment an invoice is for. */
    paymentReference: text('payment_reference'),
    /** The refund a credit note is for. */
    refundId: uuid('refund_id'),
    /** A credit note's invoice; a cancelling entry's credit note. */
    correctsId: uuid('corrects_id'),
    /** Tax included; negative for a credit note. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    language: text('language').notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
  },
  (t) => [
    unique('invoices_number_key').on(t.number),
    unique('invoices_sequence_key').on(t.series, t.year, t.sequence),
    foreignKey({ columns: [t.correctsId], foreignColumns: [t.id], name: 'invoices_corrects_id_fk' }),
    index('invoices_booking_idx').on(t.bookingId, t.issuedAt),
    uniqueIndex('invoices_payment_key').on(t.bookingId, t.paymentReference).where(sql`${t.kind} = 'invoice' and ${t.correctsId} is null`),
    uniqueIndex('invoices_refund_key').on(t.refundId).where(sql`${t.kind} = 'credit_note'`),
    uniqueIndex('invoices_cancels_key').on(t.correctsId).where(sql`${t.kind} = 'invoice' and ${t.correctsId} is not null`),
    check(
      'invoices_kind_check',
      sql`(${t.kind} = 'invoice' and ${t.amountCents} >= 0) or (${t.kind} = 'credit_note' and ${t.amountCents} <= 0)`,
    ),
    check('invoices_language_check', sql`${t.language} in ('fr', 'es', 'pt', 'en')`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;
