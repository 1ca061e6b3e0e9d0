import { describe, expect, it } from 'vitest';
import {
  addDays,
  FEE_PER,
  NO_STAY_RULES,
  priceAnswer,
  priceStay,
  quoteAnswer,
  quoteStay,
  TAX_KINDS,
  type FeeCents,
  type FeePer,
  type StayPricing,
  type TaxCents,
  type TaxKind,
} from '@roomweek/contract';
import { seededRandom } from '../hostile/hostile-generator.ts';

/** docs/behaviour.md §18: the whole price of a stay — rent, fees, taxes, VAT included — one pure function. */
const SATURDAY = '2031-03-01';
const name = (fr: string, pt?: string) => (pt ? { fr, pt } : { fr });
const fee = (code: string, amountCents: number, per: FeePer): FeeCents => ({ code, name: name(code), amountCents, per });
const tax = (code: string, kind: TaxKind, extra: Partial<TaxCents> = {}): TaxCents => ({
  code,
  name: name(code),
  kind,
  amountCents: 0,
  percent: 0,
  maxNights: null,
  childrenExempt: true,
  ...extra,
});
const plain = (pricePerWeekCents: number, extra: Partial<StayPricing> = {}): StayPricing => ({
  pricePerWeekCents,
  rules: NO_STAY_RULES,
  seasons: [],
  discounts: [],
  ...extra,
});

describe('priceStay, the examples of the issue', () => {
  // Casa Alfama: €700 a week, cleaning €60 per stay, Lisbon's €2 per adult-night capped at 7 nights, children exempt.
  const alfama = plain(70_000, {
    terms: {
      fees: [{ code: 'cleaning', name: name('Ménage', 'Limpeza'), amountCents: 6_000, per: 'stay' }],
      taxes: [{ ...tax('tourist_tax', 'per_adult_night', { amountCents: 200, maxNights: 7 }), name: name('Taxe de séjour', 'Taxa turística') }],
      vatPercent: 0,
    },
  });

  it('charges the rent, the cleaning once and the tax per adult and night, capped, children exempt', () => {
    const price = priceStay(alfama, SATURDAY, addDays(SATURDAY, 10), { adults: 2, children: 1 });
    // rent 700 × 10/7 = 1000 €; tax 2 adults × 7 nights × 2 € = 28 €
    expect(price).toMatchObject({ rentCents: 100_000, feesCents: 6_000, taxesCents: 2_800, vatCents: 0, totalCents: 108_800 });
    expect(price.charges.map((line) => [line.kind, line.code, line.quantity, line.unitCents, line.amountCents])).toEqual([
      ['fee', 'cleaning', 1, 6_000, 6_000],
      ['tax', 'tourist_tax', 14, 200, 2_800],
    ]);
  });

  it('answers the names in the language asked, French where there is none', () => {
    const answer = priceAnswer(priceStay(alfama, SATURDAY, addDays(SATURDAY, 7), { adults: 2, children: 1 }), 'pt');
    expect(answer.lines.slice(1)).toEqual([
      { label: 'Ménage: 1 × €60.00', kind: 'fee', code: 'cleaning', name: 'Limpeza', quantity: 1, unit_amount: 60, amount: 60 },
      { label: 'Taxe de séjour: 14 × €2.00', kind: 'tax', code: 'tourist_tax', name: 'Taxa turística', quantity: 14, unit_amount: 2, amount: 28 },
    ]);
    expect(answer).toMatchObject({ rent_total: 700, fees_total: 60, taxes_total: 28, vat_included: 0, total_price: 788 });
    expect(priceAnswer(priceStay(alfama, SATURDAY, addDays(SATURDAY, 7)), 'es').lines[1]).toMatchObject({ name: 'Ménage' });
  });

  it('counts children when they are not exempt, and every person for per_guest_night', () => {
    const counted = (kind: TaxKind, childrenExempt: boolean) =>
      priceStay(plain(70_000, { terms: { fees: [], taxes: [tax('t', kind, { amountCents: 100, childrenExempt })], vatPercent: 0 } }), SATURDAY, addDays(SATURDAY, 3), {
        adults: 2,
        children: 3,
      }).taxesCents;
    expect(counted('per_adult_night', true)).toBe(2 * 3 * 100);
    expect(counted('per_adult_night', false)).toBe(5 * 3 * 100);
    expect(counted('per_guest_night', true)).toBe(5 * 3 * 100);
    expect(counted('per_night', false)).toBe(3 * 100);
  });

  it('includes VAT in rent and fees, not taxes (Sablon House: 6 %)', () => {
    const sablon = plain(84_000, { terms: { fees: [fee('cleaning', 5_000, 'stay')], taxes: [tax('city', 'per_night', { amountCents: 750 })], vatPercent: 6 } });
    const price = priceStay(sablon, SATURDAY, addDays(SATURDAY, 7));
    // (840 + 50) × 6 / 106 = 50.3773… € → 50.38
    expect(price).toMatchObject({ rentCents: 84_000, feesCents: 5_000, taxesCents: 5_250, vatCents: 5_038, totalCents: 94_250 });
  });

  it('rounds a percent of the rent once, half up, over the nights the cap counts', () => {
    // 1234.57 € rent (864.20 × 10/7 = 1234.5714… → 1234.57), 2.5 %, capped at 7 of 10 nights: 123457 × 0.025 × 0.7 = 2160.4975 → 2160
    const pricing = plain(86_420, { terms: { fees: [], taxes: [tax('p', 'percent_of_rent', { percent: 2.5, maxNights: 7 })], vatPercent: 0 } });
    const price = priceStay(pricing, SATURDAY, addDays(SATURDAY, 10));
    expect(price.rentCents).toBe(123_457);
    expect(price.charges[0]).toMatchObject({ quantity: 1, amountCents: 2_160 });
    // A half rounds up: 10 cents × 5 % = 0.5 → 1; 70 cents (a night under a week is charged as the week) × 5 % = 3.5 → 4
    const percent = (weekCents: number, nights: number) =>
      priceStay(plain(weekCents, { terms: { fees: [], taxes: [tax('p', 'percent_of_rent', { percent: 5 })], vatPercent: 0 } }), SATURDAY, addDays(SATURDAY, nights)).taxesCents;
    expect(percent(10, 7)).toBe(1);
    expect(percent(70, 1)).toBe(4);
    expect(percent(8, 7)).toBe(0);
  });

  it('counts a started week as a week, and at least one', () => {
    const weekly = plain(70_000, { terms: { fees: [fee('linen', 1_500, 'week')], taxes: [], vatPercent: 0 } });
    expect([3, 7, 8, 14, 15].map((nights) => priceStay(weekly, SATURDAY, addDays(SATURDAY, nights)).feesCents)).toEqual([1_500, 1_500, 3_000, 3_000, 4_500]);
  });
});

describe('priceStay over generated stays', () => {
  const random = seededRandom(27_2031);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));

  /** The fee's units counted independently, night by night and person by person. */
  function expectedFee(per: FeePer, nights: number, guests: number): number {
    let units = 0;
    if (per === 'stay') units = 1;
    for (let night = 0; night < nights; night++) {
      if (per === 'night') units++;
      if (per === 'guest_night') units += guests;
      if (per === 'week' && night % 7 === 0) units++;
    }
    if (per === 'guest') units = guests;
    if (per === 'week' && nights === 0) units = 1;
    return units;
  }

  it('adds its lines up to the total to the cent, each fee and tax as counted by hand, on 400 stays', () => {
    for (let i = 0; i < 400; i++) {
      const start = addDays(SATURDAY, int(-60, 60));
      const nights = int(1, 70);
      const end = addDays(start, nights);
      const seasonStart = addDays(SATURDAY, int(-30, 40));
      const party = { adults: int(1, 6), children: int(0, 4) };
      const fees = FEE_PER.filter(() => random() < 0.6).map((per, index) => fee(`f${index}`, int(0, 20_000), per));
      const taxes = TAX_KINDS.filter(() => random() < 0.6).map((kind, index) =>
        tax(`t${index}`, kind, {
          amountCents: int(0, 500),
          percent: int(0, 10_000) / 100,
          maxNights: random() < 0.5 ? null : int(1, 14),
          childrenExempt: random() < 0.5,
        }),
      );
      const pricing = plain(int(1, 200_000), {
        seasons: random() < 0.5 ? [{ start_date: seasonStart, end_date: addDays(seasonStart, int(1, 30)), price_per_week_cents: int(1, 300_000) }] : [],
        discounts: random() < 0.5 ? [{ min_weeks: pick([1, 2, 4]), percent: int(1, 40) }] : [],
        terms: { fees, taxes, vatPercent: pick([0, 6, 21, 5.5]) },
      });
      const price = priceStay(pricing, start, end, party);
      const rent = quoteStay(pricing, start, end);
      const label = JSON.stringify({ start, end, party, pricing });

      // The rent is today's quote, to the cent.
      expect(price.rentCents, label).toBe(rent.totalCents);
      // Lines add up: Σ rent lines − discount + Σ fee and tax lines = total.
      const rentLines = rent.lines.reduce((sum, line) => sum + line.amountCents, 0);
      const charges = price.charges.reduce((sum, line) => sum + line.amountCents, 0);
      expect(rentLines - rent.discountCents + charges, label).toBe(price.totalCents);
      expect(price.totalCents, label).toBe(price.rentCents + price.feesCents + price.taxesCents);

      const guests = party.adults + party.children;
      for (const [index, item] of fees.entries()) {
        expect(price.charges[index]!.amountCents, label).toBe(expectedFee(item.per, nights, guests) * item.amountCents);
      }
      for (const [index, item] of taxes.entries()) {
        const line = price.charges[fees.length + index]!;
        const counted = Math.min(nights, item.maxNights ?? Infinity);
        if (item.kind === 'percent_of_rent') {
          // Rounded once, half up: within half a cent of the exact share, a half going up.
          const exact = (rent.totalCents * item.percent * counted) / (100 * nights);
          expect(line.amountCents - exact, label).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(line.amountCents - exact, label).toBeGreaterThan(-0.5 - 1e-9);
        } else {
          const people = item.kind === 'per_night' ? 1 : item.kind === 'per_adult_night' && item.childrenExempt ? party.adults : guests;
          expect(line.amountCents, label).toBe(people * counted * item.amountCents);
        }
      }
      // VAT included: within half a cent of (rent + fees) × v / (100 + v).
      const vat = pricing.terms!.vatPercent;
      const exactVat = ((price.rentCents + price.feesCents) * vat) / (100 + vat);
      expect(Math.abs(price.vatCents - exactVat), label).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });

  it('with no fee, tax or VAT equals today’s quote exactly, in cents and in the API answer', () => {
    for (let i = 0; i < 200; i++) {
      const start = addDays(SATURDAY, int(-60, 60));
      const end = addDays(start, int(1, 70));
      const seasonStart = addDays(SATURDAY, int(-30, 40));
      const pricing = plain(int(1, 200_000), {
        seasons: random() < 0.5 ? [{ start_date: seasonStart, end_date: addDays(seasonStart, int(1, 30)), price_per_week_cents: int(1, 300_000) }] : [],
        discounts: random() < 0.5 ? [{ min_weeks: pick([1, 2, 4]), percent: int(1, 40) }] : [],
        ...(random() < 0.5 ? { terms: { fees: [], taxes: [], vatPercent: 0 } } : {}),
      });
      const party = { adults: int(1, 6), children: int(0, 4) };
      const price = priceStay(pricing, start, end, party);
      const rent = quoteStay(pricing, start, end);
      expect(price.totalCents).toBe(rent.totalCents);
      expect(price.charges).toEqual([]);
      const answer = priceAnswer(price, 'fr');
      const today = quoteAnswer(rent);
      expect(answer).toEqual({ ...today, rent_total: today.total_price, fees_total: 0, taxes_total: 0, vat_included: 0 });
    }
  });
});
