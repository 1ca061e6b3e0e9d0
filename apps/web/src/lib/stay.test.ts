import { NO_STAY_RULES } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import {
  bookedNightsOf,
  canArrive,
  canDepart,
  EMPTY_SELECTION,
  isDayDisabled,
  pickDay,
  stayQuote,
  stayStep,
  validSelection,
  type StayCalendar,
} from './stay';

// Today is 2030-03-01; one booking occupies the nights of 10, 11 and 12 March (it leaves on the 13th).
const calendar: StayCalendar = {
  today: '2030-03-01',
  lastDay: '2030-08-28',
  bookedNights: bookedNightsOf([{ start_date: '2030-03-10', end_date: '2030-03-13' }]),
};

describe('booked nights', () => {
  it('are the nights from arrival to the day before departure', () => {
    expect([...calendar.bookedNights]).toEqual(['2030-03-10', '2030-03-11', '2030-03-12']);
  });

  it('add up over several bookings and across months', () => {
    const nights = bookedNightsOf([
      { start_date: '2030-03-30', end_date: '2030-04-02' },
      { start_date: '2030-04-05', end_date: '2030-04-06' },
    ]);
    expect([...nights]).toEqual(['2030-03-30', '2030-03-31', '2030-04-01', '2030-04-05']);
  });
});

describe('past days', () => {
  it('cannot be an arrival and are disabled', () => {
    expect(canArrive('2030-02-28', calendar)).toBe(false);
    expect(isDayDisabled('2030-02-28', EMPTY_SELECTION, calendar)).toBe(true);
    expect(pickDay(EMPTY_SELECTION, '2030-02-28', calendar)).toEqual({ outcome: 'ignored' });
  });

  it('leave today available', () => {
    expect(canArrive('2030-03-01', calendar)).toBe(true);
    expect(isDayDisabled('2030-03-01', EMPTY_SELECTION, calendar)).toBe(false);
  });

  it('cannot be a departure either', () => {
    const arrival = { arrival: '2030-03-02', departure: null };
    expect(isDayDisabled('2030-02-27', arrival, calendar)).toBe(true);
  });
});

describe('booked nights as arrival', () => {
  it('are disabled and cannot be picked', () => {
    for (const day of ['2030-03-10', '2030-03-11', '2030-03-12']) {
      expect(isDayDisabled(day, EMPTY_SELECTION, calendar)).toBe(true);
      expect(pickDay(EMPTY_SELECTION, day, calendar)).toEqual({ outcome: 'ignored' });
    }
  });
});

describe('turnover day', () => {
  it("the booking's departure day can be an arrival", () => {
    expect(isDayDisabled('2030-03-13', EMPTY_SELECTION, calendar)).toBe(false);
    expect(pickDay(EMPTY_SELECTION, '2030-03-13', calendar)).toEqual({
      outcome: 'selected',
      selection: { arrival: '2030-03-13', departure: null },
    });
  });

  it("the booking's arrival day can be a departure", () => {
    const selection = { arrival: '2030-03-03', departure: null };
    expect(canDepart('2030-03-03', '2030-03-10', calendar)).toBe(true);
    expect(isDayDisabled('2030-03-10', selection, calendar)).toBe(false);
    expect(pickDay(selection, '2030-03-10', calendar)).toEqual({
      outcome: 'selected',
      selection: { arrival: '2030-03-03', departure: '2030-03-10' },
    });
  });

  it('other booked nights stay disabled as departures', () => {
    const selection = { arrival: '2030-03-03', departure: null };
    expect(isDayDisabled('2030-03-11', selection, calendar)).toBe(true);
    expect(isDayDisabled('2030-03-12', selection, calendar)).toBe(true);
  });
});

describe('a range across a booked night', () => {
  const selection = { arrival: '2030-03-08', departure: null };

  it('is refused and nothing is applied', () => {
    expect(canDepart('2030-03-08', '2030-03-15', calendar)).toBe(false);
    expect(pickDay(selection, '2030-03-15', calendar)).toEqual({ outcome: 'refused' });
  });

  it('leaves the free day after the booking clickable, so the refusal can be explained', () => {
    expect(isDayDisabled('2030-03-15', selection, calendar)).toBe(false);
  });

  it('is dropped when it comes from the address bar', () => {
    expect(validSelection({ arrival: '2030-03-08', departure: '2030-03-15' }, calendar)).toEqual({
      arrival: '2030-03-08',
      departure: null,
    });
    expect(validSelection({ arrival: '2030-03-11', departure: '2030-03-20' }, calendar)).toEqual(EMPTY_SELECTION);
  });
});

describe('steps', () => {
  it('go arrival → departure → chosen, and a new click starts over', () => {
    let selection = EMPTY_SELECTION;
    expect(stayStep(selection)).toBe(1);
    let result = pickDay(selection, '2030-03-02', calendar);
    if (result.outcome !== 'selected') throw new Error('arrival refused');
    selection = result.selection;
    expect(stayStep(selection)).toBe(2);
    result = pickDay(selection, '2030-03-09', calendar);
    if (result.outcome !== 'selected') throw new Error('departure refused');
    selection = result.selection;
    expect(selection).toEqual({ arrival: '2030-03-02', departure: '2030-03-09' });
    expect(stayStep(selection)).toBe(3);
    expect(pickDay(selection, '2030-03-20', calendar)).toEqual({
      outcome: 'selected',
      selection: { arrival: '2030-03-20', departure: null },
    });
  });

  it('a click before the arrival moves the arrival', () => {
    expect(pickDay({ arrival: '2030-03-05', departure: null }, '2030-03-03', calendar)).toEqual({
      outcome: 'selected',
      selection: { arrival: '2030-03-03', departure: null },
    });
  });

  it('the departure must be after the arrival', () => {
    expect(canDepart('2030-03-05', '2030-03-05', calendar)).toBe(false);
  });

  it('stays inside the availability window', () => {
    expect(canArrive('2030-08-28', calendar)).toBe(false);
    expect(canDepart('2030-08-20', '2030-08-28', calendar)).toBe(true);
    expect(isDayDisabled('2030-08-29', { arrival: '2030-08-20', departure: null }, calendar)).toBe(true);
  });
});

describe('price summary (docs/behaviour.md §9: price × max(1, days / 7))', () => {
  it.each([
    // [arrival, departure, price per week, days, total in cents]
    ['2030-03-01', '2030-03-04', 100, 3, 10_000], // less than a week costs a week
    ['2030-03-01', '2030-03-08', 100, 7, 10_000],
    ['2030-03-01', '2030-03-11', 100, 10, 14_286], // 100 × 10/7 = 142.857… → 142.86
    ['2030-03-01', '2030-03-15', 100, 14, 20_000],
    ['2030-03-25', '2030-04-04', 89.99, 10, 12_856], // across a month; 89.99 × 10/7 = 128.557…
    ['2030-03-28', '2030-04-04', 250.5, 7, 25_050], // across the spring clock change: still 7 days
  ])('%s → %s at %d €/week: %d days, %d cents', (arrival, departure, price, days, cents) => {
    const room = { price_per_week: price, rules: NO_STAY_RULES, seasonal_prices: [], long_stay_discounts: [] };
    expect(stayQuote(arrival, departure, room)).toMatchObject({ nights: days, totalCents: cents });
  });
});
