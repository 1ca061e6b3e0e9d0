/**
 * A room's stay terms and a quote's answer as plain types and constants, without zod, so the quote (quote.ts) and the
 * room page use them without loading it (docs/decisions/0026-zod-free-public-pages.md); the schemas that check them
 * are in stay-schemas.ts. `rulesCanBeMet` is quote.ts's.
 */

/** At most this many seasonal periods and long-stay tiers per room. */
export const MAX_SEASONS = 50;
export const MAX_DISCOUNT_TIERS = 10;
/** The longest tier: a year. */
export const MAX_DISCOUNT_WEEKS = 52;

/** The rule codes, in the order a booking names the first one broken (docs/behaviour.md §11). */
export const RULE_CODES = ['changeover_day', 'whole_weeks_only', 'stay_too_short', 'stay_too_long'] as const;
export type RuleCode = (typeof RULE_CODES)[number];

/** The room's stay rules, as answered (docs/behaviour.md §11); changeover days are ISO weekdays 1–7. */
export type StayRules = {
  changeover_days: number[];
  min_nights: number;
  max_nights: number | null;
  whole_weeks: boolean;
};

/** A seasonal period: the nights [start_date, end_date) at price_per_week (euros). */
export type SeasonalPrice = {
  start_date: string;
  end_date: string;
  price_per_week: number;
};

/** A long-stay tier: from `min_weeks` whole weeks, `percent` off. */
export type LongStayDiscount = {
  min_weeks: number;
  percent: number;
};

/** A rule the stay breaks; `field` is the date to change (the arrival when it misses the changeover day, else the departure). */
export type RuleViolation = {
  code: RuleCode;
  detail: string;
  field: 'start_date' | 'end_date';
};

/** One line of a quote: the charged nights [start_date, end_date) at one weekly price. */
export type QuoteLine = {
  /** English; the web writes its own from the fields below. */
  label: string;
  kind: 'standard' | 'season';
  start_date: string;
  end_date: string;
  nights: number;
  price_per_week: number;
  amount: number;
};

/** What a stay would cost, and every rule it breaks (a booking refuses the first, in RULE_CODES order). */
export type QuoteResponse = {
  start_date: string;
  end_date: string;
  nights: number;
  lines: QuoteLine[];
  subtotal: number;
  discount_percent: number;
  discount_amount: number;
  total_price: number;
  violations: RuleViolation[];
};
