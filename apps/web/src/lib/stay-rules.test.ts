import { NO_STAY_RULES, type StayRules } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { bookedNightsOf, canArrive, canDepart, isDayDisabled, pickDay, validSelection, type StayCalendar } from './stay';
import { describeDiscounts, describeSeasons, describeStayRules } from './stay-rules';

/** docs/behaviour.md §11: the calendar follows the room's stay rules. Today is Friday 2030-03-01. */
const rules = (overrides: Partial<StayRules>): StayRules => ({ ...NO_STAY_RULES, ...overrides });
const calendarWith = (stayRules: StayRules, booked: { start_date: string; end_date: string }[] = []): StayCalendar => ({
  today: '2030-03-01',
  lastDay: '2030-08-28',
  bookedNights: bookedNightsOf(booked),
  rules: stayRules,
});

/** Every day of March 2030 on which `test` holds. */
const marchDays = (test: (day: string) => boolean) =>
  Array.from({ length: 31 }, (_, i) => `2030-03-${String(i + 1).padStart(2, '0')}`).filter(test);

describe('a Saturday changeover with at least 14 nights', () => {
  const calendar = calendarWith(rules({ changeover_days: [6], min_nights: 14 }));

  it('offers only Saturdays as arrivals', () => {
    expect(marchDays((day) => canArrive(day, calendar))).toEqual(['2030-03-02', '2030-03-09', '2030-03-16', '2030-03-23', '2030-03-30']);
    const arrivalStep = { arrival: null, departure: null };
    expect(marchDays((day) => !isDayDisabled(day, arrivalStep, calendar))).toEqual(marchDays((day) => canArrive(day, calendar)));
  });

  it('once the arrival is chosen, enables only Saturdays at least two weeks later', () => {
    const departureStep = { arrival: '2030-03-02', departure: null };
    expect(marchDays((day) => day > '2030-03-02' && !isDayDisabled(day, departureStep, calendar))).toEqual(['2030-03-16', '2030-03-23', '2030-03-30']);
    expect(canDepart('2030-03-02', '2030-03-09', calendar)).toBe(false);
    expect(canDepart('2030-03-02', '2030-03-16', calendar)).toBe(true);
    // An earlier day still starts again from there.
    expect(isDayDisabled('2030-03-01', departureStep, calendar)).toBe(true); // a Friday: no arrival
  });

  it('ignores a click on a departure that breaks a rule, and refuses one across a booked night', () => {
    const booked = calendarWith(rules({ changeover_days: [6], min_nights: 14 }), [{ start_date: '2030-04-01', end_date: '2030-04-03' }]);
    const selection = { arrival: '2030-03-16', departure: null };
    expect(pickDay(selection, '2030-03-23', booked)).toEqual({ outcome: 'ignored' });
    expect(pickDay(selection, '2030-04-06', booked)).toEqual({ outcome: 'refused' });
    expect(pickDay(selection, '2030-03-30', booked)).toEqual({ outcome: 'selected', selection: { arrival: '2030-03-16', departure: '2030-03-30' } });
  });

  it('does not offer a Saturday whose two weeks would cross a booked night, or run past the window', () => {
    const booked = calendarWith(rules({ changeover_days: [6], min_nights: 14 }), [{ start_date: '2030-03-20', end_date: '2030-03-21' }]);
    expect(canArrive('2030-03-02', booked)).toBe(true); // 02 → 16 ends before the booked night
    expect(canArrive('2030-03-09', booked)).toBe(false); // 09 → 23 would cross it
    expect(canArrive('2030-03-16', booked)).toBe(false);
    expect(canArrive('2030-03-23', booked)).toBe(true);
    expect(canArrive('2030-08-17', calendar)).toBe(false); // 14 nights end 31 August, past the window
    expect(canArrive('2030-08-10', calendar)).toBe(true);
  });

  it('drops dates from the address that break a rule', () => {
    expect(validSelection({ arrival: '2030-03-02', departure: '2030-03-09' }, calendar)).toEqual({ arrival: '2030-03-02', departure: null });
    expect(validSelection({ arrival: '2030-03-03', departure: '2030-03-17' }, calendar)).toEqual({ arrival: null, departure: null });
    expect(validSelection({ arrival: '2030-03-02', departure: '2030-03-16' }, calendar)).toEqual({ arrival: '2030-03-02', departure: '2030-03-16' });
  });
});

describe('other rules', () => {
  it('whole weeks from any day: departures every 7 days, up to the maximum', () => {
    const calendar = calendarWith(rules({ whole_weeks: true, max_nights: 21 }));
    const departureStep = { arrival: '2030-03-05', departure: null };
    expect(marchDays((day) => day > '2030-03-05' && !isDayDisabled(day, departureStep, calendar))).toEqual(['2030-03-12', '2030-03-19', '2030-03-26']);
  });

  it('without rules, every free day after the arrival is a departure', () => {
    const calendar = calendarWith(NO_STAY_RULES);
    const departureStep = { arrival: '2030-03-05', departure: null };
    expect(marchDays((day) => day > '2030-03-05' && !isDayDisabled(day, departureStep, calendar))).toHaveLength(26);
    expect(marchDays((day) => canArrive(day, calendar))).toHaveLength(31);
  });
});

describe('the rules in words', () => {
  it('says why days are disabled, in the language', async () => {
    const saturdays = rules({ changeover_days: [6], min_nights: 14, max_nights: 10 * 7, whole_weeks: true });
    await i18n.changeLanguage('en');
    expect(describeStayRules(saturdays, i18n.getFixedT('en'), 'en')).toEqual([
      'Arrivals and departures on Saturdays',
      'At least 2 weeks',
      'At most 10 weeks',
      'Whole weeks only',
    ]);
    expect(describeStayRules(rules({ changeover_days: [5, 6], min_nights: 10 }), i18n.getFixedT('en'), 'en')).toEqual([
      'Arrivals and departures on Fridays and Saturdays',
      'At least 10 nights',
    ]);
    expect(describeStayRules(NO_STAY_RULES, i18n.getFixedT('en'), 'en')).toEqual([]);
    await i18n.changeLanguage('fr');
    expect(describeStayRules(saturdays, i18n.getFixedT('fr'), 'fr').slice(0, 2)).toEqual(['Arrivées et départs le samedi', 'Au moins 2 semaines']);
  });

  it('writes seasons and long-stay tiers with the language’s dates, euros and percents', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.getFixedT('en');
    expect(describeSeasons([{ start_date: '2030-07-06', end_date: '2030-08-31', price_per_week: 490 }], t, 'en')).toEqual([
      '6 Jul 2030 – 31 Aug 2030: €490.00 / week',
    ]);
    expect(describeDiscounts([{ min_weeks: 1, percent: 5 }, { min_weeks: 4, percent: 10 }], t, 'en')).toEqual(['−5% from 1 week', '−10% from 4 weeks']);
  });
});
