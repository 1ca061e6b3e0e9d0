import { addDays, NO_STAY_RULES, type StayRules } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import {
  bookedNightsOf,
  canArrive,
  canDepart,
  dayDisabler,
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

describe("the calendar's disabled days, worked out once per selection", () => {
  /** A deterministic sequence of numbers in [0, 1): the same cases at every run. */
  function numbers(seed: number) {
    let state = seed;
    return () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  }

  it('answers what isDayDisabled answers, for every day, step and set of rules', () => {
    const next = numbers(17);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    let checked = 0;
    let disabledSeen = 0;
    for (let round = 0; round < 40; round++) {
      const bookings = Array.from({ length: Math.floor(next() * 6) }, () => {
        const start = addDays('2030-03-01', Math.floor(next() * 90) - 5);
        return { start_date: start, end_date: addDays(start, 1 + Math.floor(next() * 12)) };
      });
      const rules: StayRules = {
        ...NO_STAY_RULES,
        changeover_days: pick([[], [6], [1, 4]]),
        min_nights: pick([1, 3, 7, 14]),
        max_nights: pick([null, 10, 30]),
        whole_weeks: next() < 0.25,
      };
      const window: StayCalendar = { today: '2030-03-01', lastDay: '2030-05-20', bookedNights: bookedNightsOf(bookings), rules };
      const arrival = addDays('2030-03-01', Math.floor(next() * 70) - 3);
      const days = Array.from({ length: 105 }, (_, offset) => addDays('2030-03-01', offset - 10));
      for (const selection of [EMPTY_SELECTION, { arrival, departure: null }, { arrival, departure: addDays(arrival, 7) }]) {
        const disabled = dayDisabler(selection, window);
        const expected = days.filter((day) => isDayDisabled(day, selection, window));
        const context = JSON.stringify({ selection, rules, bookings });
        expect(days.filter(disabled), context).toEqual(expected);
        expect(days.filter(disabled), `remembered: ${context}`).toEqual(expected);
        checked += days.length;
        disabledSeen += expected.length;
      }
    }
    // Both answers occur often: the comparison is not between two constant functions.
    expect(disabledSeen).toBeGreaterThan(checked / 10);
    expect(checked - disabledSeen).toBeGreaterThan(checked / 10);
  });

  it('greys out a booked night beyond the first one after the arrival, and keeps the turnover day', () => {
    const disabled = dayDisabler({ arrival: '2030-03-05', departure: null }, calendar);
    expect(disabled('2030-03-10')).toBe(false); // the booking's arrival day: a departure
    expect(disabled('2030-03-11')).toBe(true);
    expect(disabled('2030-03-14')).toBe(false); // free, though picking it is refused with a message
    expect(disabled('2030-03-04')).toBe(false); // before the arrival: a new arrival
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
