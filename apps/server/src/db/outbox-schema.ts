import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

export const OUTBOX_CHANNELS = ['email', 'whatsapp'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_KINDS = [
  'password_reset',
  'booking_confirmation',
  'booking_cancelled',
  'admin_booking_alert',
  'admin_cancellation_alert',
  'email_changed',
  'email_verification',
  'booking_requested',
  'admin_approval_request',
  'account_invitation',
  // Verified reviews (docs/decisions/0035).
  'review_invitation',
  'review_hidden',
  'admin_review_alert',
  // Online check-in (docs/decisions/0036).
  'check_in_reminder',
  // Arrival instructions (docs/decisions/0038).
  'arrival_instructions',
  // Staff (docs/decisions/0039).
  'staff_invitation',
  // Deposits and balances (docs/decisions/0044).
  'balance_reminder',
  'balance_due',
  'balance_charge_failed',
  'admin_balance_overdue',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** pending: waits for `next_attempt_at`; sending: claimed by a dispatcher until `next_attempt_at`; sent and failed are final. */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * One message the product promised to send, written in the transaction of the event that causes it and sent later
 * by the dispatcher (docs/decisions/0005-outbox.md). It carries everything needed to render it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    /** An e-mail address, or the digits of a phone number; null when the admin never set a WhatsApp number. */
    recipient: text('recipient'),
    language: text('language').notNull(),
    /** What the template needs (names, dates, cents…); never a credential. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** A credential the message carries (the reset link), sealed with SETTINGS_KEY; cleared once sent or given up. */
    secret: text('secret'),
    /** At most one message per key (e.g. one confirmation per booking): repeated events write nothing. */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    /** Claims so far; the claim's number fences the final update against a claim that lost its lease. */
    attempts: integer('attempts').notNull().default(0),
    /** pending: when it is due; sending: when the claim's lease ends and another dispatcher may take it over. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Past this time the message is pointless (a reset link has expired): given up instead of sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The account the message is about (a booking's guest, the account of a reset or e-mail change): the export lists it, a deletion erases it (migration 0012). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When its personal content (address, payload but its subject's fields, error) was erased (decision 0021). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_key').on(t.dedupeKey),
    index('outbox_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('outbox_messages_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    index('outbox_messages_unerased_idx').on(t.createdAt).where(sql`${t.erasedAt} is null and ${t.status} in ('sent', 'failed')`),
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'whatsapp')`),
    check('outbox_messages_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

export type OutboxRow = typeof outboxMessages.$inferSelect;
