import { describe, expect, it } from 'vitest';
import {
  addDays,
  findSeasonOverlap,
  isoWeekday,
  NO_STAY_RULES,
  quoteAnswer,
  quoteStay,
  ruleViolations,
  rulesCanBeMet,
  stayTotalCents,
  StayRulesInput,
  type StayPricing,
  type StayRules,
} from '@roomweek/contract';
import { seededRandom } from '../hostile/hostile-generator.ts';

/** docs/behaviour.md §11: the quote of a stay, the one function POST /bookings charges with. */
const SATURDAY = '2031-03-01';
const plain = (pricePerWeekCents: number, extra: Partial<StayPricing> = {}): StayPricing => ({
  pricePerWeekCents,
  rules: NO_STAY_RULES,
  seasons: [],
  discounts: [],
  ...extra,
});
const season = (start_date: string, end_date: string, price_per_week_cents: number) => ({ start_date, end_date, price_per_week_cents });
const rules = (overrides: Partial<StayRules>): StayRules => ({ ...NO_STAY_RULES, ...overrides });
const lineSummary = (pricing: StayPricing, start: string, end: string) =>
  quoteStay(pricing, start, end).lines.map((line) => [line.kind, line.start_date, line.end_date, line.nights, line.amountCents]);

describe('quoteStay without seasons or discounts', () => {
  it('is the spec’s price_per_week × max(1, days / 7) on hundreds of random stays', () => {
    const random = seededRandom(20_260_714);
    for (let i = 0; i < 500; i++) {
      const price = Math.floor(random() * 100_000_001); // 0 € to 1,000,000 € in cents
      const start = addDays('2030-01-01', Math.floor(random() * 900));
      const nights = 1 + Math.floor(random() * 365);
      const end = addDays(start, nights);
      const quote = quoteStay(plain(price), start, end);
      expect({ i, price, start, end, total: quote.totalCents }).toEqual({ i, price, start, end, total: stayTotalCents(price, start, end) });
      expect(quote.subtotalCents).toBe(quote.totalCents);
      expect(quote.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(quote.subtotalCents);
      expect(quote.violations).toEqual([]);
    }
  });

  it('charges a stay of 3 nights as its first 7 nights, one week', () => {
    const quote = quoteStay(plain(35_000), SATURDAY, addDays(SATURDAY, 3));
    expect(quote).toMatchObject({ nights: 3, subtotalCents: 35_000, discountPercent: 0, discountCents: 0, totalCents: 35_000 });
    expect(lineSummary(plain(35_000), SATURDAY, addDays(SATURDAY, 3))).toEqual([['standard', SATURDAY, addDays(SATURDAY, 7), 7, 35_000]]);
  });

  it('charges exactly 7 nights as one week, and 27 nights as 27 sevenths of it', () => {
    expect(quoteStay(plain(35_000), SATURDAY, addDays(SATURDAY, 7)).totalCents).toBe(35_000);
    // 29,999 × 27 / 7 = 115,710.43 → 115,710
    expect(quoteStay(plain(29_999), SATURDAY, addDays(SATURDAY, 27))).toMatchObject({ nights: 27, totalCents: 115_710 });
  });
});

describe('quoteStay with seasons', () => {
  const base = 70_000; // 100 € a night
  const high = 140_000; // 200 € a night

  it('prices each night by the season it falls in, the season crossing the arrival', () => {
    const pricing = plain(base, { seasons: [season('2031-02-20', '2031-03-04', high)] });
    // Nights 03-01, 03-02, 03-03 in season; 03-04 … 03-07 not.
    expect(lineSummary(pricing, SATURDAY, '2031-03-08')).toEqual([
      ['season', '2031-03-01', '2031-03-04', 3, 60_000],
      ['standard', '2031-03-04', '2031-03-08', 4, 40_000],
    ]);
    expect(quoteStay(pricing, SATURDAY, '2031-03-08').totalCents).toBe(100_000);
  });

  it('prices a season crossing the departure, and one wholly inside the stay', () => {
    const pricing = plain(base, {
      seasons: [season('2031-03-03', '2031-03-05', high), season('2031-03-07', '2031-04-30', 105_000)],
    });
    expect(lineSummary(pricing, SATURDAY, '2031-03-09')).toEqual([
      ['standard', '2031-03-01', '2031-03-03', 2, 20_000],
      ['season', '2031-03-03', '2031-03-05', 2, 40_000],
      ['standard', '2031-03-05', '2031-03-07', 2, 20_000],
      ['season', '2031-03-07', '2031-03-09', 2, 30_000],
    ]);
    expect(quoteStay(pricing, SATURDAY, '2031-03-09').totalCents).toBe(110_000);
  });

  it('counts the 7 nights of a short stay from its arrival, into a season that starts after its departure', () => {
    const pricing = plain(base, { seasons: [season('2031-03-05', '2031-06-01', high)] });
    const quote = quoteStay(pricing, SATURDAY, '2031-03-04'); // 3 nights, charged as 03-01 … 03-07
    expect(quote.nights).toBe(3);
    expect(quote.lines.map((line) => [line.kind, line.nights])).toEqual([
      ['standard', 4],
      ['season', 3],
    ]);
    expect(quote.totalCents).toBe(40_000 + 60_000);
  });

  it('ignores seasons that the stay does not reach', () => {
    const pricing = plain(base, { seasons: [season('2030-01-01', '2030-02-01', high), season('2031-03-08', '2031-04-01', high)] });
    expect(quoteStay(pricing, SATURDAY, '2031-03-08').totalCents).toBe(70_000);
  });
});

describe('quoteStay with long-stay discounts', () => {
  const tiers = [
    { min_weeks: 4, percent: 10 },
    { min_weeks: 12, percent: 20 },
    { min_weeks: 8, percent: 15 },
  ];

  it('applies a tier reached on the last night, and not one night earlier', () => {
    const pricing = plain(70_000, { discounts: tiers });
    expect(quoteStay(pricing, SATURDAY, addDays(SATURDAY, 27))).toMatchObject({ discountPercent: 0, totalCents: 270_000 });
    expect(quoteStay(pricing, SATURDAY, addDays(SATURDAY, 28))).toMatchObject({
      discountPercent: 10,
      subtotalCents: 280_000,
      discountCents: 28_000,
      totalCents: 252_000,
    });
  });

  it('applies the highest tier reached, to the whole total, seasons included', () => {
    const pricing = plain(70_000, { discounts: tiers, seasons: [season(addDays(SATURDAY, 7), addDays(SATURDAY, 14), 140_000)] });
    const quote = quoteStay(pricing, SATURDAY, addDays(SATURDAY, 63)); // 9 weeks, one of them in season
    expect(quote).toMatchObject({ discountPercent: 15, subtotalCents: 700_000, discountCents: 105_000, totalCents: 595_000 });
  });
});

describe('rounding', () => {
  it('rounds once, at the end, half up', () => {
    // 1 cent a week for 7 nights, half off: exactly 0.5 cent → 1 (half up, not to even).
    expect(quoteStay(plain(1, { discounts: [{ min_weeks: 1, percent: 50 }] }), SATURDAY, addDays(SATURDAY, 7)).totalCents).toBe(1);
    // 3 cents a week, half off: 1.5 → 2.
    expect(quoteStay(plain(3, { discounts: [{ min_weeks: 1, percent: 50 }] }), SATURDAY, addDays(SATURDAY, 7)).totalCents).toBe(2);
  });

  it('sums the nights exactly before rounding: two lines of 1.43 cents make 3 cents, not 2', () => {
    // 2 cents a week: 5 nights at the room's price (10/7 cent) and 5 in a season at the same price (10/7 cent).
    const pricing = plain(2, { seasons: [season(addDays(SATURDAY, 5), addDays(SATURDAY, 10), 2)] });
    const quote = quoteStay(pricing, SATURDAY, addDays(SATURDAY, 10));
    expect(quote.totalCents).toBe(3);
    // The lines still add up to the subtotal: the cent left over goes to the larger remainder (the first on a tie).
    expect(quote.lines.map((line) => line.amountCents)).toEqual([2, 1]);
  });

  it('stays exact at the largest prices and stays', () => {
    const pricing = plain(100_000_000, { discounts: [{ min_weeks: 52, percent: 3 }] });
    // 1,000,000 € × 365 / 7 × 0.97 = 50,578,571.428… € → 5,057,857,143 cents
    expect(quoteStay(pricing, '2030-01-01', '2031-01-01').totalCents).toBe(5_057_857_143);
  });

  it('answers euros in the API shape, lines labelled in English', () => {
    const pricing = plain(29_999, { seasons: [season(addDays(SATURDAY, 7), addDays(SATURDAY, 30), 35_000)], discounts: [{ min_weeks: 2, percent: 5 }] });
    const answer = quoteAnswer(quoteStay(pricing, SATURDAY, addDays(SATURDAY, 14)));
    expect(answer).toEqual({
      start_date: SATURDAY,
      end_date: addDays(SATURDAY, 14),
      nights: 14,
      lines: [
        { label: 'Standard price: 7 nights at €299.99/week', kind: 'standard', start_date: SATURDAY, end_date: addDays(SATURDAY, 7), nights: 7, price_per_week: 299.99, amount: 299.99 },
        {
          label: `Season price, ${addDays(SATURDAY, 7)} to ${addDays(SATURDAY, 14)}: 7 nights at €350.00/week`,
          kind: 'season',
          start_date: addDays(SATURDAY, 7),
          end_date: addDays(SATURDAY, 14),
          nights: 7,
          price_per_week: 350,
          amount: 350,
        },
      ],
      subtotal: 649.99,
      discount_percent: 5,
      discount_amount: 32.5, // 649.99 × 0.95 = 617.4905 → 617.49
      total_price: 617.49,
      violations: [],
    });
  });
});

describe('stay rules', () => {
  const saturdays = rules({ changeover_days: [6], min_nights: 14, max_nights: 56, whole_weeks: true });

  it('knows the weekdays (ISO: Monday 1 … Sunday 7)', () => {
    expect(isoWeekday(SATURDAY)).toBe(6);
    expect(isoWeekday('2031-03-02')).toBe(7);
    expect(isoWeekday('2031-03-03')).toBe(1);
  });

  it('passes a Saturday-to-Saturday stay of 2 to 8 weeks', () => {
    expect(ruleViolations(saturdays, SATURDAY, addDays(SATURDAY, 14))).toEqual([]);
    expect(ruleViolations(saturdays, SATURDAY, addDays(SATURDAY, 56))).toEqual([]);
  });

  it('lists every rule broken, in order, naming the date to change', () => {
    expect(ruleViolations(saturdays, '2031-03-02', '2031-03-05').map((v) => [v.code, v.field])).toEqual([
      ['changeover_day', 'start_date'],
      ['whole_weeks_only', 'end_date'],
      ['stay_too_short', 'end_date'],
    ]);
    expect(ruleViolations(saturdays, SATURDAY, addDays(SATURDAY, 10)).map((v) => [v.code, v.field])).toEqual([
      ['changeover_day', 'end_date'],
      ['whole_weeks_only', 'end_date'],
      ['stay_too_short', 'end_date'],
    ]);
    expect(ruleViolations(saturdays, SATURDAY, addDays(SATURDAY, 63)).map((v) => v.code)).toEqual(['stay_too_long']);
    expect(ruleViolations(saturdays, SATURDAY, addDays(SATURDAY, 7))[0]).toEqual({
      code: 'stay_too_short',
      detail: 'A stay in this room lasts at least 14 nights',
      field: 'end_date',
    });
    expect(ruleViolations(rules({ changeover_days: [6, 3] }), '2031-03-02', addDays(SATURDAY, 7))[0]?.detail).toBe(
      'Arrivals and departures are on Wednesday, Saturday only',
    );
  });

  it('puts the violations in the quote, the price still computed', () => {
    const quote = quoteStay(plain(70_000, { rules: saturdays }), SATURDAY, addDays(SATURDAY, 7));
    expect(quote.totalCents).toBe(70_000);
    expect(quote.violations.map((v) => v.code)).toEqual(['stay_too_short']);
  });

  it('refuses rules no stay can keep, and fills in the defaults', () => {
    expect(rulesCanBeMet(saturdays)).toBe(true);
    expect(rulesCanBeMet(rules({ whole_weeks: true, min_nights: 8, max_nights: 13 }))).toBe(false);
    // Arrivals and departures on Mondays, at most 3 nights: no length fits.
    expect(rulesCanBeMet(rules({ changeover_days: [1], max_nights: 3 }))).toBe(false);
    expect(StayRulesInput.safeParse({ whole_weeks: true, min_nights: 8, max_nights: 13 }).success).toBe(false);
    expect(StayRulesInput.safeParse({ min_nights: 10, max_nights: 9 }).success).toBe(false);
    expect(StayRulesInput.parse({})).toEqual(NO_STAY_RULES);
    expect(StayRulesInput.parse({ changeover_days: [7, 6, 6] }).changeover_days).toEqual([6, 7]);
  });
});

describe('findSeasonOverlap', () => {
  it('finds two periods that share a night, in any order, and lets back-to-back ones be', () => {
    const a = { start_date: '2031-06-01', end_date: '2031-07-01' };
    const b = { start_date: '2031-07-01', end_date: '2031-09-01' };
    const c = { start_date: '2031-08-31', end_date: '2031-10-01' };
    expect(findSeasonOverlap([b, a])).toBeNull();
    expect(findSeasonOverlap([c, a, b])).toEqual([b, c]);
  });
});
