import { sql } from 'drizzle-orm';
import { CHECK_IN_STATUSES, type TravellerEntry } from '@roomweek/contract';
import { check, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './schema.ts';

/** A traveller as stored: the date of birth and the document number sealed (lib/secrets.ts SecretBox), never in clear. */
export type StoredTraveller = Omit<TravellerEntry, 'date_of_birth' | 'document_number'> & {
  date_of_birth_sealed: string | null;
  document_number_sealed: string | null;
};

/** A booking's online check-in (migration 0023, docs/decisions/0036-online-check-in.md). */
export const checkIns = pgTable(
  'check_ins',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    arrivalTime: text('arrival_time'),
    travellers: jsonb('travellers').$type<StoredTraveller[]>().notNull().default([]),
    status: text('status', { enum: CHECK_IN_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('check_ins_status_check', sql`${t.status} in ('not_started', 'incomplete', 'complete')`),
    check('check_ins_travellers_check', sql`jsonb_typeof(${t.travellers}) = 'array'`),
  ],
);

/** The check-in messages a booking was sent, each kind once (migration 0023). */
export const checkInNotices = pgTable(
  'check_in_notices',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'check_in_notices_pkey', columns: [t.bookingId, t.kind] })],
);
