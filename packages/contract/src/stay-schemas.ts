import { z } from 'zod';
import { MAX_STAY_DAYS } from './booking-rules.ts';
import { CalendarDate, DateInput, Euros } from './common.ts';
import { LanguageQuery } from './content.ts';
import { DEFAULT_PARTY, MAX_GUESTS } from './party-rules.ts';
import { rulesCanBeMet } from './quote.ts';
import { MAX_DISCOUNT_TIERS, MAX_DISCOUNT_WEEKS, MAX_SEASONS, RULE_CODES } from './stay-rules.ts';
import type * as Rules from './stay-rules.ts';

/** The schemas of a room's stay terms and of a quote; their types and constants are stay-rules.ts's (zod-free). */
export { MAX_DISCOUNT_TIERS, MAX_DISCOUNT_WEEKS, MAX_SEASONS, RULE_CODES, type RuleCode } from './stay-rules.ts';


const Nights = z.number().int().min(1).max(MAX_STAY_DAYS);
const IsoWeekday = z.number().int().min(1).max(7);

/** The room's stay rules, as answered (docs/behaviour.md §11). */
export const StayRules = z.object({
  changeover_days: z.array(IsoWeekday),
  min_nights: z.number().int(),
  max_nights: z.number().int().nullable(),
  whole_weeks: z.boolean(),
}) satisfies z.ZodType<Rules.StayRules>;
export type StayRules = Rules.StayRules;

/**
 * The rules as a room's create and update bodies take them: every field optional (the defaults are no rule);
 * changeover days de-duplicated and sorted; `max_nights` not below `min_nights`; some stay must keep them all.
 */
export const StayRulesInput = z
  .object({
    changeover_days: z
      .array(IsoWeekday)
      .max(7)
      .default([])
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    min_nights: Nights.default(1),
    max_nights: Nights.nullable().default(null),
    whole_weeks: z.boolean().default(false),
  })
  .refine((rules) => rules.max_nights === null || rules.max_nights >= rules.min_nights, {
    path: ['max_nights'],
    message: 'max_nights may not be below min_nights',
  })
  .refine(rulesCanBeMet, { path: ['min_nights'], message: 'No stay can keep these rules together' });
export type StayRulesInput = z.input<typeof StayRulesInput>;

export const SeasonalPrice = z.object({
  start_date: CalendarDate,
  end_date: CalendarDate,
  price_per_week: z.number(),
}) satisfies z.ZodType<Rules.SeasonalPrice>;
export type SeasonalPrice = Rules.SeasonalPrice;

/** A seasonal period: the nights [start_date, end_date) at price_per_week. Overlaps are refused by the server (400 seasons_overlap). */
export const SeasonalPriceInput = z
  .object({ start_date: CalendarDate, end_date: CalendarDate, price_per_week: Euros })
  .refine((season) => season.end_date > season.start_date, { path: ['end_date'], message: 'end_date must be after start_date' });

export const SeasonalPricesInput = z
  .array(SeasonalPriceInput)
  .max(MAX_SEASONS)
  .transform((seasons) => [...seasons].sort((a, b) => (a.start_date < b.start_date ? -1 : 1)));

export const LongStayDiscount = z.object({
  min_weeks: z.number().int(),
  percent: z.number().int(),
}) satisfies z.ZodType<Rules.LongStayDiscount>;
export type LongStayDiscount = Rules.LongStayDiscount;

/** Long-stay tiers: whole weeks 1–52 (each once), whole percents 1–100; kept sorted by weeks. */
export const LongStayDiscountsInput = z
  .array(z.object({ min_weeks: z.number().int().min(1).max(MAX_DISCOUNT_WEEKS), percent: z.number().int().min(1).max(100) }))
  .max(MAX_DISCOUNT_TIERS)
  .refine((tiers) => new Set(tiers.map((tier) => tier.min_weeks)).size === tiers.length, {
    message: 'Each number of weeks may have one tier only',
  })
  .transform((tiers) => [...tiers].sort((a, b) => a.min_weeks - b.min_weeks));

/** GET /rooms/{id}/quote: the stay to price (as `POST /bookings` takes its dates). */
/**
 * Who comes (docs/behaviour.md, issue 26), as a body or a query gives it: at least one adult; more people than the
 * room's max_guests is 400 too_many_guests.
 */
const partyFields = (count: z.ZodNumber | z.ZodCoercedNumber) => ({
  adults: count.int().min(1).max(MAX_GUESTS).default(DEFAULT_PARTY.adults),
  children: count.int().min(0).max(MAX_GUESTS).default(DEFAULT_PARTY.children),
});
export const PartyInput = z.object(partyFields(z.number()));
/** The same in a query string, where every value is text. */
export const PartyQuery = z.object(partyFields(z.coerce.number()));

/** The party is checked against the room's capacity; it changes the taxes and the per-person fees (docs/behaviour.md §18). */
export const QuoteQuery = z.object({ start_date: DateInput, end_date: DateInput, ...PartyQuery.shape, ...LanguageQuery.shape });


/** A rule the stay breaks; `field` is the date to change (the arrival when it misses the changeover day, else the departure). */
export const RuleViolation = z.object({
  code: z.enum(RULE_CODES),
  detail: z.string(),
  field: z.enum(['start_date', 'end_date']),
}) satisfies z.ZodType<Rules.RuleViolation>;
export type RuleViolation = Rules.RuleViolation;

export const QuoteLineResponse = z.object({
  /** English; the web writes its own from the fields below. */
  label: z.string(),
  kind: z.enum(['standard', 'season']),
  /** The charged nights [start_date, end_date) of the line. */
  start_date: CalendarDate,
  end_date: CalendarDate,
  nights: z.number().int(),
  price_per_week: z.number(),
  amount: z.number(),
});

/** A fee's or a tax's line (docs/behaviour.md §18): `name` in the language answered. */
export const ChargeLineResponse = z.object({
  label: z.string(),
  kind: z.enum(['fee', 'tax']),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit_amount: z.number(),
  amount: z.number(),
}) satisfies z.ZodType<Rules.ChargeLineAnswer>;

/** A line of a price: the rent's nights (`standard`, `season`), a `fee` or a `tax`. */
export const PriceLineResponse = z.union([QuoteLineResponse, ChargeLineResponse]);

/** The totals of a price: rent_total after the long-stay discount; total_price = rent_total + fees_total + taxes_total. */
export const PriceTotals = {
  rent_total: z.number(),
  fees_total: z.number(),
  taxes_total: z.number(),
  /** The VAT included in rent and fees. */
  vat_included: z.number(),
  total_price: z.number(),
};

/** What a stay would cost, and every rule it breaks (a booking refuses the first, in RULE_CODES order). */
export const QuoteResponse = z.object({
  start_date: CalendarDate,
  end_date: CalendarDate,
  nights: z.number().int(),
  lines: z.array(PriceLineResponse),
  subtotal: z.number(),
  discount_percent: z.number(),
  discount_amount: z.number(),
  ...PriceTotals,
  violations: z.array(RuleViolation),
  /** The payment schedule of booking it today (issue 28): paid now, paid later and by when (null: nothing later). */
  deposit_amount: z.number().optional(),
  balance_amount: z.number().optional(),
  balance_due_date: CalendarDate.nullable().optional(),
}) satisfies z.ZodType<Rules.QuoteResponse>;
export type QuoteResponse = Rules.QuoteResponse;
