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

/** A fee's or a tax's line (docs/behaviour.md §18): `name` in the language answered, euros. */
export type ChargeLineAnswer = {
  /** English. */
  label: string;
  kind: 'fee' | 'tax';
  code: string;
  name: string;
  quantity: number;
  unit_amount: number;
  amount: number;
};

/** A line of a price: the rent's nights, or a fee, or a tax. */
export type PriceLine = QuoteLine | ChargeLineAnswer;

/**
 * What a stay would cost, and every rule it breaks (a booking refuses the first, in RULE_CODES order). `subtotal`
 * is the rent lines' sum; rent_total = subtotal − discount_amount; total_price = rent_total + fees_total + taxes_total.
 */
export type QuoteResponse = {
  start_date: string;
  end_date: string;
  nights: number;
  lines: PriceLine[];
  subtotal: number;
  discount_percent: number;
  discount_amount: number;
  rent_total: number;
  fees_total: number;
  taxes_total: number;
  /** The VAT included in rent and fees. */
  vat_included: number;
  total_price: number;
  violations: RuleViolation[];
  /** The payment schedule of booking it today (issue 28): paid now, paid later and by when (null: nothing later). */
  deposit_amount?: number;
  balance_amount?: number;
  balance_due_date?: string | null;
};

/** The rent's part of a quote (quote.ts `quoteAnswer`): its lines are the nights', its total the rent's. */
export type RentQuoteAnswer = Omit<QuoteResponse, 'lines' | 'rent_total' | 'fees_total' | 'taxes_total' | 'vat_included'> & { lines: QuoteLine[] };
