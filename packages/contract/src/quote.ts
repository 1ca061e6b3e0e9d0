import { daysBetween } from './dates.ts';
import { toCents, toEuros } from './price.ts';
import { MAX_STAY_DAYS } from './booking-rules.ts';
import { feeCentsOf, taxCentsOf, type Fee, type PriceTerms, type Tax } from './price-terms.ts';
import type { LongStayDiscount, RentQuoteAnswer, RuleCode, RuleViolation, SeasonalPrice, StayRules } from './stay-rules.ts';

/**
 * The price of a stay and the rules it must keep (docs/behaviour.md §11, decision 0020): one pure function, used by
 * `POST /bookings` (the total charged), `GET /rooms/{id}/quote` and the room page's stay summary. No zod here: the
 * room page imports it without the schemas.
 */

export const DAYS_PER_WEEK = 7;

export const NO_STAY_RULES: StayRules = { changeover_days: [], min_nights: 1, max_nights: null, whole_weeks: false };

/** A season as stored and computed with: cents. */
export interface SeasonCents {
  start_date: string;
  end_date: string;
  price_per_week_cents: number;
}

/** What the price of a stay in a room depends on, in cents. */
export interface StayPricing {
  pricePerWeekCents: number;
  rules: StayRules;
  seasons: readonly SeasonCents[];
  discounts: readonly LongStayDiscount[];
  /** Fees, taxes and VAT (price-terms.ts): left out, none — the rent alone (stay-price.ts `priceStay`). */
  terms?: PriceTerms;
}

/** The room fields the API shows for its pricing (Room, availability). */
export interface RoomPricingFields {
  price_per_week: number;
  rules: StayRules;
  seasonal_prices: readonly SeasonalPrice[];
  long_stay_discounts: readonly LongStayDiscount[];
  /** The fees, taxes and VAT a stay in the room pays (RoomDetail, availability); left out: the rent alone. */
  price_terms?: { fees: readonly Fee[]; taxes: readonly Tax[]; vat_percent: number };
}

export interface QuoteLine {
  /** `season`: the nights of one seasonal period; `standard`: nights at the room's own price. */
  kind: 'standard' | 'season';
  /** The charged nights [start_date, end_date) of this line. */
  start_date: string;
  end_date: string;
  nights: number;
  pricePerWeekCents: number;
  amountCents: number;
}

export interface StayQuote {
  start_date: string;
  end_date: string;
  /** Nights of the stay (a stay under 7 nights is charged as 7: its lines then count 7). */
  nights: number;
  lines: QuoteLine[];
  /** The lines' sum, before the discount. */
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  totalCents: number;
  violations: RuleViolation[];
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The weekday `nights` days after `weekday` (ISO numbering). */
export const weekdayAfter = (weekday: number, nights: number): number => ((((weekday - 1 + nights) % 7) + 7) % 7) + 1;

/** Whether a stay may start (and end) on this weekday. */
export const isChangeoverDay = (rules: StayRules, weekday: number): boolean =>
  rules.changeover_days.length === 0 || rules.changeover_days.includes(weekday);

/**
 * The rules a stay of `nights` nights arriving on `arrivalWeekday` breaks, in RULE_CODES order: arithmetic only, so
 * the calendar can ask it for every pair of days it shows.
 */
export function brokenRules(rules: StayRules, arrivalWeekday: number, nights: number): RuleCode[] {
  const broken: RuleCode[] = [];
  if (!isChangeoverDay(rules, arrivalWeekday) || !isChangeoverDay(rules, weekdayAfter(arrivalWeekday, nights))) {
    broken.push('changeover_day');
  }
  if (rules.whole_weeks && nights % DAYS_PER_WEEK !== 0) broken.push('whole_weeks_only');
  if (nights < rules.min_nights) broken.push('stay_too_short');
  if (rules.max_nights !== null && nights > rules.max_nights) broken.push('stay_too_long');
  return broken;
}

/** Every rule the stay [start, end) breaks, with an English detail (the web shows its own translation of the code). */
export function ruleViolations(rules: StayRules, start: string, end: string): RuleViolation[] {
  const arrival = isoWeekday(start);
  const nights = daysBetween(start, end);
  return brokenRules(rules, arrival, nights).map((code): RuleViolation => {
    switch (code) {
      case 'changeover_day': {
        const days = [...rules.changeover_days].sort().map((day) => WEEKDAY_NAMES[day - 1]).join(', ');
        return {
          code,
          detail: `Arrivals and departures are on ${days} only`,
          field: isChangeoverDay(rules, arrival) ? 'end_date' : 'start_date',
        };
      }
      case 'whole_weeks_only':
        return { code, detail: 'This room is let by whole weeks (7, 14, 21… nights)', field: 'end_date' };
      case 'stay_too_short':
        return { code, detail: `A stay in this room lasts at least ${rules.min_nights} nights`, field: 'end_date' };
      case 'stay_too_long':
        return { code, detail: `A stay in this room lasts at most ${rules.max_nights} nights`, field: 'end_date' };
    }
  });
}

/** numerator / denominator rounded half up, both non-negative integers (exact below 2^53). */
const divideHalfUp = (numerator: number, denominator: number): number => Math.floor((2 * numerator + denominator) / (2 * denominator));

const MS_PER_DAY = 86_400_000;
/** A calendar date as a whole number of days (UTC), and back: the nights are counted as numbers, not strings. */
const dayNumber = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
};
const dateOf = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** The highest tier the stay reaches: a stay of 7 × min_weeks nights reaches it on its last night. */
export function discountPercentFor(discounts: readonly LongStayDiscount[], nights: number): number {
  let best: LongStayDiscount | undefined;
  for (const tier of discounts) {
    if (nights >= tier.min_weeks * DAYS_PER_WEEK && (!best || tier.min_weeks > best.min_weeks)) best = tier;
  }
  return best?.percent ?? 0;
}

/**
 * The quote of the stay [start, end): each night costs its season's price_per_week / 7, or the room's; a stay under 7
 * nights is charged as the 7 nights from its arrival; the highest long-stay tier reached takes its percent off the
 * whole. Everything is summed exactly (in sevenths of a cent) and the total is rounded once, half up, at the end.
 * The lines add up to the subtotal (each rounded by largest remainder); subtotal − discount = total.
 * With no season and no discount this is `stayTotalCents`: price_per_week × max(1, nights / 7).
 */
export function quoteStay(pricing: StayPricing, start: string, end: string): StayQuote {
  const nights = Math.max(0, daysBetween(start, end));
  const charged = Math.max(nights, DAYS_PER_WEEK);
  const first = dayNumber(start);
  const last = first + charged;
  // The seasons the charged nights reach, as day numbers (seasons do not overlap).
  const seasons = pricing.seasons
    .map((season) => ({ from: dayNumber(season.start_date), to: dayNumber(season.end_date), price: season.price_per_week_cents }))
    .filter((season) => season.to > first && season.from < last);
  const runs: { kind: QuoteLine['kind']; from: number; nights: number; price: number; sevenths: number }[] = [];
  for (let night = first; night < last; night++) {
    const season = seasons.find((candidate) => candidate.from <= night && night < candidate.to);
    const price = season?.price ?? pricing.pricePerWeekCents;
    const kind = season ? 'season' : 'standard';
    const run = runs.at(-1);
    if (run && run.kind === kind && run.price === price) {
      run.nights++;
      run.sevenths += price;
    } else {
      runs.push({ kind, from: night, nights: 1, price, sevenths: price });
    }
  }
  const lines = runs.map((run) => ({
    kind: run.kind,
    start_date: dateOf(run.from),
    end_date: dateOf(run.from + run.nights),
    nights: run.nights,
    pricePerWeekCents: run.price,
    amountCents: 0,
    sevenths: run.sevenths,
  }));
  const sevenths = lines.reduce((sum, line) => sum + line.sevenths, 0);
  const subtotalCents = divideHalfUp(sevenths, DAYS_PER_WEEK);
  const discountPercent = discountPercentFor(pricing.discounts, nights);
  const totalCents = divideHalfUp(sevenths * (100 - discountPercent), 100 * DAYS_PER_WEEK);

  // Each line its whole cents, then the cents left to reach the subtotal to the largest remainders.
  for (const line of lines) line.amountCents = Math.floor(line.sevenths / DAYS_PER_WEEK);
  let left = subtotalCents - lines.reduce((sum, line) => sum + line.amountCents, 0);
  const byRemainder = [...lines].sort((a, b) => (b.sevenths % DAYS_PER_WEEK) - (a.sevenths % DAYS_PER_WEEK));
  for (const line of byRemainder) {
    if (left <= 0) break;
    if (line.sevenths % DAYS_PER_WEEK === 0) continue;
    line.amountCents++;
    left--;
  }

  return {
    start_date: start,
    end_date: end,
    nights,
    lines: lines.map(({ sevenths: _sevenths, ...line }) => line),
    subtotalCents,
    discountPercent,
    discountCents: subtotalCents - totalCents,
    totalCents,
    violations: ruleViolations(pricing.rules, start, end),
  };
}

/** The room's pricing from the API's fields (euros → cents). */
export function stayPricingOf(room: RoomPricingFields): StayPricing {
  return {
    pricePerWeekCents: toCents(room.price_per_week),
    rules: room.rules,
    seasons: room.seasonal_prices.map((season) => ({
      start_date: season.start_date,
      end_date: season.end_date,
      price_per_week_cents: toCents(season.price_per_week),
    })),
    discounts: room.long_stay_discounts,
    ...(room.price_terms
      ? {
          terms: {
            fees: room.price_terms.fees.map(feeCentsOf),
            taxes: room.price_terms.taxes.map(taxCentsOf),
            vatPercent: room.price_terms.vat_percent,
          },
        }
      : {}),
  };
}

/** Seasons as the API shows them (cents → euros). */
export const seasonalPricesOf = (seasons: readonly SeasonCents[]): SeasonalPrice[] =>
  seasons.map((season) => ({ start_date: season.start_date, end_date: season.end_date, price_per_week: toEuros(season.price_per_week_cents) }));

/** The first two periods that share a night (sorted by start), or null when none do. */
export function findSeasonOverlap<T extends { start_date: string; end_date: string }>(seasons: readonly T[]): [T, T] | null {
  const sorted = [...seasons].sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start_date < sorted[i - 1]!.end_date) return [sorted[i - 1]!, sorted[i]!];
  }
  return null;
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/** A quote's line in English, for API clients (the web writes its own, translated, from the line's fields). */
export function quoteLineLabel(line: QuoteLine): string {
  const nights = `${line.nights} night${line.nights === 1 ? '' : 's'} at ${euros(line.pricePerWeekCents)}/week`;
  return line.kind === 'season' ? `Season price, ${line.start_date} to ${line.end_date}: ${nights}` : `Standard price: ${nights}`;
}

/** The rent's quote as `GET /rooms/{id}/quote` answers it: euros, English labels (stay-price.ts `priceAnswer` adds fees and taxes). */
export function quoteAnswer(quote: StayQuote): RentQuoteAnswer {
  return {
    start_date: quote.start_date,
    end_date: quote.end_date,
    nights: quote.nights,
    lines: quote.lines.map((line) => ({
      label: quoteLineLabel(line),
      kind: line.kind,
      start_date: line.start_date,
      end_date: line.end_date,
      nights: line.nights,
      price_per_week: toEuros(line.pricePerWeekCents),
      amount: toEuros(line.amountCents),
    })),
    subtotal: toEuros(quote.subtotalCents),
    discount_percent: quote.discountPercent,
    discount_amount: toEuros(quote.discountCents),
    total_price: toEuros(quote.totalCents),
    violations: quote.violations,
  };
}

/** Whether some stay of at most MAX_STAY_DAYS nights keeps every rule (else no date could ever be booked). */
export function rulesCanBeMet(rules: StayRules): boolean {
  const arrivals = rules.changeover_days.length > 0 ? rules.changeover_days : [1];
  const longest = Math.min(rules.max_nights ?? MAX_STAY_DAYS, MAX_STAY_DAYS);
  for (let nights = rules.min_nights; nights <= longest; nights++) {
    if (arrivals.some((weekday) => brokenRules(rules, weekday, nights).length === 0)) return true;
  }
  return false;
}
