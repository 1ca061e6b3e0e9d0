import { sql } from 'drizzle-orm';
import {
  type BillingDetails,
  BOOKING_SOURCES,
  CANCEL_REASONS,
  DEFAULT_MAX_GUESTS,
  DEFAULT_CANCELLATION_POLICY,
  NO_STAY_RULES,
  REGISTRATION_COUNTRIES,
  BALANCE_STATUSES,
  type CancellationPolicy,
  type FeeCents,
  type PaymentTermsRules,
  type LongStayDiscount,
  type StoredPriceLine,
  type TaxCents,
  type SeasonCents,
  type StayRules,
  type StoredArrivalInstructions,
  type StoredTranslations,
} from '@roomweek/contract';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    birthDate: date('birth_date', { mode: 'string' }),
    birthPlace: text('birth_place'),
    phone: text('phone'),
    role: text('role', { enum: ['admin', 'staff', 'client'] }).notNull().default('client'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped by a password change: tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The password is the one the account was created with on first start (`admin123`, or generated): the admin screens advise changing it. */
    defaultPassword: boolean('default_password').notNull().default(false),
    language: text('language').notNull().default('fr'),
    /** The account proved its e-mail (migration 0017: accounts made before count as proved; decision 0029). */
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    /** When the account was anonymised (its own deletion, or an admin's on request; migration 0012, decision 0021). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Two-factor sign-in (migration 0021, decision 0034): the TOTP secret sealed with SETTINGS_KEY, once enabled. */
    twoFactorSecret: text('two_factor_secret'),
    /** The secret of a setup not confirmed by a code yet. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last 30-second step a code was accepted for: that step's code and older ones are refused. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** An admin or staff member an admin disabled: no sign-in, tokens ended (migration 0026, decision 0039). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_role_check', sql`${t.role} in ('admin', 'staff', 'client')`)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/** E-mail verification links (migration 0017): the token hashed, single use, for the address it was sent to. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: it proves that one only (a later e-mail change needs a new link). */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash), index('email_verifications_user_idx').on(t.userId)],
);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The French texts (required); `translations` holds the others (migration 0014, decision 0023). */
    name: text('name').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    /** `{es: {name?, description?, location?}, pt: …, en: …}`: only the texts written in those languages. */
    translations: jsonb('translations').$type<StoredTranslations>().notNull().default({}),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    roomCount: integer('room_count').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Deleting a property archives it: its bookings keep their history. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Its own cancellation terms; null: the site's (migration 0010). */
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationPolicy>(),
    /** Fees, taxes (cents) and the VAT included in hundredths of a percent (migration 0020, decision 0033). */
    fees: jsonb('fees').$type<FeeCents[]>().notNull().default([]),
    taxes: jsonb('taxes').$type<TaxCents[]>().notNull().default([]),
    vatHundredths: integer('vat_hundredths').notNull().default(0),
    /** What its confirmed guests are told before arriving, per language (migration 0025, decision 0038); admin reads only. */
    arrivalInstructions: jsonb('arrival_instructions').$type<StoredArrivalInstructions>().notNull().default({}),
    /** Whose guest registration its check-in follows (migration 0029, decision 0042); admin reads only. */
    registrationCountry: text('registration_country', { enum: REGISTRATION_COUNTRIES }).notNull().default('other'),
    /** Its own payment terms (deposit, balance); null: the site's (migration 0031, decision 0044). */
    paymentTerms: jsonb('payment_terms').$type<PaymentTermsRules>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('properties_translations_check', sql`jsonb_typeof(${t.translations}) = 'object'`),
    check('properties_payment_terms_check', sql`${t.paymentTerms} is null or jsonb_typeof(${t.paymentTerms}) = 'object'`),
    check('properties_arrival_instructions_check', sql`jsonb_typeof(${t.arrivalInstructions}) = 'object'`),
    check('properties_registration_country_check', sql`${t.registrationCountry} in ('ES', 'PT', 'BE', 'other')`),
    check(
      'properties_price_terms_check',
      sql`jsonb_typeof(${t.fees}) = 'array' and jsonb_typeof(${t.taxes}) = 'array' and ${t.vatHundredths} between 0 and 3000`,
    ),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    roomNumber: text('room_number').notNull(),
    /** Money columns are bigint (migration 0007); every amount stays below 2^53, so it reads back as an exact number. */
    pricePerWeekCents: bigint('price_per_week_cents', { mode: 'number' }).notNull(),
    /** How many people it takes (migration 0018). */
    maxGuests: integer('max_guests').notNull().default(DEFAULT_MAX_GUESTS),
    amenities: jsonb('amenities').$type<string[]>().notNull().default([]),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** Stay rules, seasonal prices (cents) and long-stay tiers (migration 0011, decision 0020). */
    stayRules: jsonb('stay_rules').$type<StayRules>().notNull().default(NO_STAY_RULES),
    seasonalPrices: jsonb('seasonal_prices').$type<SeasonCents[]>().notNull().default([]),
    longStayDiscounts: jsonb('long_stay_discounts').$type<LongStayDiscount[]>().notNull().default([]),
    /** Its own fees (cents); null: its property's (migration 0020). */
    fees: jsonb('fees').$type<FeeCents[]>(),
    /** The secret of its exported iCal feed, GET /api/ical/{token}.ics (migration 0015, decision 0024). */
    icalToken: text('ical_token').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('rooms_property_idx').on(t.propertyId),
    uniqueIndex('rooms_property_number_key').on(t.propertyId, t.roomNumber).where(sql`${t.archivedAt} is null`),
    uniqueIndex('rooms_ical_token_key').on(t.icalToken),
    check('rooms_price_check', sql`${t.pricePerWeekCents} >= 0`),
    check('rooms_max_guests_check', sql`${t.maxGuests} between 1 and 30`),
    check('rooms_fees_check', sql`${t.fees} is null or jsonb_typeof(${t.fees}) = 'array'`),
    check(
      'rooms_stay_terms_check',
      sql`jsonb_typeof(${t.stayRules}) = 'object' and jsonb_typeof(${t.seasonalPrices}) = 'array' and jsonb_typeof(${t.longStayDiscounts}) = 'array'`,
    ),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The party (migration 0018). */
    adults: integer('adults').notNull().default(1),
    children: integer('children').notNull().default(0),
    /** `web`: booked on the site; `admin`: entered by the owner (POST /api/admin/bookings), with their note. */
    source: text('source', { enum: BOOKING_SOURCES }).notNull().default('web'),
    adminNote: text('admin_note'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /**
     * What it was charged, copied when made (migration 0020, decision 0033): the price's lines (the rent's in cents, fees
     * and taxes with their names in every language), the fees, the taxes, the VAT included; rent = total − fees − taxes.
     */
    priceLines: jsonb('price_lines').$type<StoredPriceLine[]>().notNull().default([]),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
    /** Who its invoices are made out to, when the guest gave billing details (migration 0027); null: the account. */
    billing: jsonb('billing').$type<BillingDetails>(),
    taxesCents: bigint('taxes_cents', { mode: 'number' }).notNull().default(0),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['confirmed', 'pending', 'cancelled'] }).notNull(),
    paymentMethod: text('payment_method', { enum: ['stripe', 'paypal', 'on_site'] }).notNull(),
    language: text('language').notNull().default('fr'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: CANCEL_REASONS }),
    /** Where its latest refund stands; null: never refunded (the API's `none`). */
    refundStatus: text('refund_status', { enum: ['pending', 'succeeded', 'failed'] }),
    /** The terms it was booked under (migration 0010): a later change of the policy does not change them. */
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationPolicy>().notNull().default(DEFAULT_CANCELLATION_POLICY),
    /** Money received for it, and refunded or being refunded on it (bookings_refunds_within_paid: refunded ≤ paid). */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /** The amount of its latest refund when that one failed, else 0 (what the admin's retry sends again). */
    failedRefundCents: bigint('failed_refund_cents', { mode: 'number' }).notNull().default(0),
    /** The admin's reason for cancelling, if given. */
    cancelNote: text('cancel_note'),
    /**
     * Its payment schedule (migration 0031, decision 0044): the terms in force when made (null: before deposits, or paid
     * in one go), the balance paid later (deposit = total − balance) and its due date, where the balance stands, the
     * guest's card saved for it (Stripe ids), and when each reminder went and the automatic charge was tried.
     */
    paymentTerms: jsonb('payment_terms').$type<PaymentTermsRules>(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    balanceDueDate: date('balance_due_date', { mode: 'string' }),
    balanceStatus: text('balance_status', { enum: BALANCE_STATUSES }).notNull().default('none'),
    balanceAutoCharge: boolean('balance_auto_charge').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    balanceRemindedSoonAt: timestamp('balance_reminded_soon_at', { withTimezone: true }),
    balanceRemindedDueAt: timestamp('balance_reminded_due_at', { withTimezone: true }),
    balanceChargedAt: timestamp('balance_charged_at', { withTimezone: true }),
    stripeSessionId: text('stripe_session_id'),
    paypalOrderId: text('paypal_order_id'),
    paymentReference: text('payment_reference'),
    createdAt: createdAt(),
    /** The site's date it was made (migration 0032): what a report's lead time counts from. */
    bookedOn: date('booked_on', { mode: 'string' }).notNull().default(sql`((now() at time zone 'UTC')::date)`),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('bookings_room_dates_idx').on(t.roomId, t.startDate),
    index('bookings_user_idx').on(t.userId, t.startDate),
    // A report's arrivals, by arrival date (migration 0032), with what it counts of them in its leaves (migration 0033,
    // INCLUDE): an index-only scan.
    index('bookings_start_idx').on(t.startDate),
    index('bookings_pending_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
    // The admin's pages order by (created_at desc, id): a page picks its ids from this index (migration 0004).
    index('bookings_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    // The stays, not cancelled, sharing a night with a window, every room's (the admin's availability and timeline,
    // the search; migration 0016, in place of 0013's arrivals index). Migration 0028 carries (room_id, status,
    // hold_expires_at, start_date, end_date) in its leaves (INCLUDE, which drizzle-kit cannot express): the search's
    // window read is an index-only scan.
    index('bookings_active_nights_idx')
      .using('gist', sql`daterange(${t.startDate}, ${t.endDate}, '[)')`)
      .where(sql`${t.status} <> 'cancelled'`),
    // The confirmed stays sharing a night with a report's period, with their amounts in its leaves (migration 0033,
    // INCLUDE): a report's nights and money are an index-only scan.
    index('bookings_confirmed_nights_idx')
      .using('gist', sql`daterange(${t.startDate}, ${t.endDate}, '[)')`)
      .where(sql`${t.status} = 'confirmed'`),
    uniqueIndex('bookings_stripe_session_key').on(t.stripeSessionId),
    uniqueIndex('bookings_paypal_order_key').on(t.paypalOrderId),
    check('bookings_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('bookings_status_check', sql`${t.status} in ('confirmed', 'pending', 'cancelled')`),
    check('bookings_payment_method_check', sql`${t.paymentMethod} in ('stripe', 'paypal', 'on_site')`),
    check('bookings_billing_check', sql`${t.billing} is null or jsonb_typeof(${t.billing}) = 'object'`),
    check('bookings_party_check', sql`${t.adults} >= 1 and ${t.children} >= 0`),
    check('bookings_source_check', sql`${t.source} in ('web', 'admin')`),
    check(
      'bookings_balance_check',
      sql`${t.balanceStatus} in ('none', 'due', 'paid', 'overdue', 'waived') and ${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.totalCents} and (${t.balanceCents} = 0 or ${t.balanceDueDate} is not null)`,
    ),
    index('bookings_balance_open_idx').on(t.balanceDueDate).where(sql`${t.balanceStatus} in ('due', 'overdue')`),
    check('bookings_refunds_within_paid', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents}`),
    check(
      'bookings_price_parts_check',
      sql`jsonb_typeof(${t.priceLines}) = 'array' and ${t.feesCents} >= 0 and ${t.taxesCents} >= 0 and ${t.vatCents} >= 0 and ${t.feesCents} + ${t.taxesCents} <= ${t.totalCents}`,
    ),
    // The exclusion constraint `bookings_no_overlap` is added by hand in migration 0000 (drizzle-kit cannot express it).
  ],
);

/** Key/value settings; secret values are encrypted with SETTINGS_KEY before they get here. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  encrypted: boolean('encrypted').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Counters shared by all instances, for limits that must be global (login, register, recovery). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** When the counter may be forgotten (the end of its window). */
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  /** Login failures slow their key down: no attempt before this time (migration 0008). */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Tokens ended by a logout before their expiry (migration 0008, docs/decisions/0014-sessions-and-auth-limits.md). */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token's own expiry: past it the row is useless and may be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revoked_tokens_user_idx').on(t.userId), index('revoked_tokens_expires_idx').on(t.expiresAt)],
);
