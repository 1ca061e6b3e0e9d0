import {
  addDays,
  brokenRules,
  daysBetween,
  isChangeoverDay,
  isoWeekday,
  MAX_STAY_DAYS,
  NO_STAY_RULES,
  priceStay,
  quoteStay,
  stayPricingOf,
  type Party,
  type StayPrice,
  type BookedRange,
  type RoomPricingFields,
  type StayQuote,
  type StayRules,
} from '@roomweek/contract';

/**
 * The booking calendar's rules, as pure functions of calendar dates (`YYYY-MM-DD`).
 * A stay [arrival, departure) occupies the nights arrival … departure − 1, so a booked stay's departure
 * day is free as an arrival, and its arrival day is free as a departure (the turnover day). The room's stay rules
 * (docs/behaviour.md §11: changeover days, minimum and maximum nights, whole weeks) narrow both.
 */

export interface StayCalendar {
  /** Today in the site's time zone: nothing before it can be picked. */
  today: string;
  /** The furthest departure the calendar offers (end of the availability window). */
  lastDay: string;
  /** Every booked night of the room inside the window. */
  bookedNights: ReadonlySet<string>;
  /** The room's stay rules; none: any stay. */
  rules?: StayRules;
}

export interface StaySelection {
  arrival: string | null;
  departure: string | null;
}

export type StayStep = 1 | 2 | 3;

/** A complete stay: the nights [arrival, departure). */
export interface ChosenStay {
  arrival: string;
  departure: string;
}

export type PickResult =
  | { outcome: 'selected'; selection: StaySelection }
  /** The stay would include a booked night: refused, nothing applied. */
  | { outcome: 'refused' }
  /** A disabled day: nothing happens. */
  | { outcome: 'ignored' };

export const EMPTY_SELECTION: StaySelection = { arrival: null, departure: null };

/** The nights the bookings occupy: each [start_date, end_date) contributes start_date … end_date − 1. */
export function bookedNightsOf(ranges: readonly BookedRange[]): Set<string> {
  const nights = new Set<string>();
  for (const { start_date, end_date } of ranges) {
    const length = Math.min(daysBetween(start_date, end_date), 1000);
    for (let night = 0; night < length; night++) nights.add(addDays(start_date, night));
  }
  return nights;
}

export function stayStep(selection: StaySelection): StayStep {
  if (!selection.arrival) return 1;
  return selection.departure ? 3 : 2;
}

const rulesOf = (calendar: StayCalendar): StayRules => calendar.rules ?? NO_STAY_RULES;

/** Whether the stay [arrival, departure) keeps every stay rule of the room. */
export function keepsRules(arrival: string, departure: string, calendar: StayCalendar): boolean {
  return brokenRules(rulesOf(calendar), isoWeekday(arrival), daysBetween(arrival, departure)).length === 0;
}

/** Per calendar, per day: whether some departure keeps the rules with every night free (worked out once per day). */
const departureFound = new WeakMap<StayCalendar, Map<string, boolean>>();

/** Whether a stay from `arrival` can end somewhere in the window, every night free and every rule kept. */
function hasDeparture(arrival: string, calendar: StayCalendar): boolean {
  let known = departureFound.get(calendar);
  if (!known) departureFound.set(calendar, (known = new Map()));
  let found = known.get(arrival);
  if (found === undefined) {
    const rules = rulesOf(calendar);
    const weekday = isoWeekday(arrival);
    const longest = Math.min(rules.max_nights ?? MAX_STAY_DAYS, daysBetween(arrival, calendar.lastDay));
    found = false;
    for (let nights = 1; nights <= longest && !found; nights++) {
      if (calendar.bookedNights.has(addDays(arrival, nights - 1))) break;
      found = brokenRules(rules, weekday, nights).length === 0;
    }
    known.set(arrival, found);
  }
  return found;
}

/**
 * A day can be an arrival if it is not past, inside the window, its night is free, it is a changeover day, and some
 * departure after it keeps every rule before the next booked night.
 */
export function canArrive(day: string, calendar: StayCalendar): boolean {
  if (day < calendar.today || day >= calendar.lastDay || calendar.bookedNights.has(day)) return false;
  return isChangeoverDay(rulesOf(calendar), isoWeekday(day)) && hasDeparture(day, calendar);
}

/** The first booked night of the stay [arrival, departure), or null when every night is free. */
export function firstBookedNight(arrival: string, departure: string, calendar: StayCalendar): string | null {
  const length = daysBetween(arrival, departure);
  for (let night = 0; night < length; night++) {
    const date = addDays(arrival, night);
    if (calendar.bookedNights.has(date)) return date;
  }
  return null;
}

/** A day can be the departure of a stay from `arrival` if it is later, every night between is free and the stay keeps the rules. */
export function canDepart(arrival: string, day: string, calendar: StayCalendar): boolean {
  return (
    day > arrival &&
    day <= calendar.lastDay &&
    keepsRules(arrival, day, calendar) &&
    firstBookedNight(arrival, day, calendar) === null
  );
}

/**
 * Whether the calendar greys a day out. Past days, booked nights and days that cannot start a stay under the
 * room's rules are disabled; while a departure is being chosen, only days that end a stay keeping every rule are
 * enabled, and a booked night's day only when it is a valid departure (a turnover day). A free day beyond a booked
 * night stays enabled: picking it is refused with a message.
 */
export function isDayDisabled(day: string, selection: StaySelection, calendar: StayCalendar): boolean {
  if (day < calendar.today || day > calendar.lastDay) return true;
  const { arrival } = selection;
  if (stayStep(selection) === 2 && arrival && day > arrival) {
    if (!keepsRules(arrival, day, calendar)) return true;
    return calendar.bookedNights.has(day) ? !canDepart(arrival, day, calendar) : false;
  }
  return !canArrive(day, calendar);
}

/**
 * isDayDisabled for one calendar and selection, each day worked out once: the calendar asks about every day it
 * shows at each of its renders. While a departure is chosen, the first booked night after the arrival is found once,
 * instead of walking the stay's nights for each day.
 */
export function dayDisabler(selection: StaySelection, calendar: StayCalendar): (day: string) => boolean {
  const { arrival } = selection;
  const departingFrom = stayStep(selection) === 2 ? arrival : null;
  /** The first booked night from the arrival to the end of the window (null: none; undefined: not looked for yet). */
  let firstBooked: string | null | undefined;
  const known = new Map<string, boolean>();
  const departureDisabled = (from: string, day: string) => {
    if (!keepsRules(from, day, calendar)) return true;
    if (!calendar.bookedNights.has(day)) return false;
    // A booked night's day is only a departure (the turnover day) when every night before it is free.
    if (firstBooked === undefined) firstBooked = firstBookedNight(from, calendar.lastDay, calendar);
    return firstBooked !== null && day > firstBooked;
  };
  return (day) => {
    let disabled = known.get(day);
    if (disabled === undefined) {
      if (day < calendar.today || day > calendar.lastDay) disabled = true;
      else if (departingFrom && day > departingFrom) disabled = departureDisabled(departingFrom, day);
      else disabled = !canArrive(day, calendar);
      known.set(day, disabled);
    }
    return disabled;
  };
}

/** What a click on `day` does to the selection (steps of docs/behaviour.md §4: arrival, then departure). */
export function pickDay(selection: StaySelection, day: string, calendar: StayCalendar): PickResult {
  const { arrival } = selection;
  if (stayStep(selection) === 2 && arrival && day > arrival) {
    if (canDepart(arrival, day, calendar)) return { outcome: 'selected', selection: { arrival, departure: day } };
    return day <= calendar.lastDay && keepsRules(arrival, day, calendar) ? { outcome: 'refused' } : { outcome: 'ignored' };
  }
  if (canArrive(day, calendar)) return { outcome: 'selected', selection: { arrival: day, departure: null } };
  return { outcome: 'ignored' };
}

/** Keeps only the part of a selection (from the address bar, say) that is still bookable. */
export function validSelection(selection: StaySelection, calendar: StayCalendar): StaySelection {
  const { arrival, departure } = selection;
  if (!arrival || !canArrive(arrival, calendar)) return EMPTY_SELECTION;
  if (!departure || !canDepart(arrival, departure, calendar)) return { arrival, departure: null };
  return { arrival, departure };
}

/**
 * The stay's quote, line by line (docs/behaviour.md §11): the contract's own function, the one the server books with,
 * so the summary shows the total that will be charged.
 */
export function stayQuote(arrival: string, departure: string, room: RoomPricingFields): StayQuote {
  return quoteStay(stayPricingOf(room), arrival, departure);
}

/**
 * The stay's whole price for this party (docs/behaviour.md §18): the rent's lines, each fee and tax, the VAT included —
 * the contract's `priceStay`, the one the server books with.
 */
export function stayPrice(arrival: string, departure: string, room: RoomPricingFields, party: Party): StayPrice {
  return priceStay(stayPricingOf(room), arrival, departure, party);
}
