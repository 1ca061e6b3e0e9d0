import { addDays, daysBetween, stayTotalCents, toCents, type BookedRange } from '@roomweek/contract';

/**
 * The booking calendar's rules, as pure functions of calendar dates (`YYYY-MM-DD`).
 * A stay [arrival, departure) occupies the nights arrival … departure − 1, so a booked stay's departure
 * day is free as an arrival, and its arrival day is free as a departure (the turnover day).
 */

export interface StayCalendar {
  /** Today in the site's time zone: nothing before it can be picked. */
  today: string;
  /** The furthest departure the calendar offers (end of the availability window). */
  lastDay: string;
  /** Every booked night of the room inside the window. */
  bookedNights: ReadonlySet<string>;
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

/** A day can be an arrival if it is not past, inside the window, and its night is free. */
export function canArrive(day: string, calendar: StayCalendar): boolean {
  return day >= calendar.today && day < calendar.lastDay && !calendar.bookedNights.has(day);
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

/** A day can be the departure of a stay from `arrival` if it is later and every night between is free. */
export function canDepart(arrival: string, day: string, calendar: StayCalendar): boolean {
  return day > arrival && day <= calendar.lastDay && firstBookedNight(arrival, day, calendar) === null;
}

/**
 * Whether the calendar greys a day out. Past days and booked nights are disabled; while a departure is
 * being chosen, a booked night's day stays enabled only when it is a valid departure (a turnover day).
 * A free day beyond a booked night stays enabled: picking it is refused with a message.
 */
export function isDayDisabled(day: string, selection: StaySelection, calendar: StayCalendar): boolean {
  if (day < calendar.today || day > calendar.lastDay) return true;
  const { arrival } = selection;
  if (stayStep(selection) === 2 && arrival && day > arrival) {
    return calendar.bookedNights.has(day) ? !canDepart(arrival, day, calendar) : false;
  }
  return !canArrive(day, calendar);
}

/** What a click on `day` does to the selection (steps of docs/behaviour.md §4: arrival, then departure). */
export function pickDay(selection: StaySelection, day: string, calendar: StayCalendar): PickResult {
  const { arrival } = selection;
  if (stayStep(selection) === 2 && arrival && day > arrival) {
    if (canDepart(arrival, day, calendar)) return { outcome: 'selected', selection: { arrival, departure: day } };
    return day <= calendar.lastDay ? { outcome: 'refused' } : { outcome: 'ignored' };
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

export interface StaySummary {
  days: number;
  totalCents: number;
}

/** Days and the indicative total of docs/behaviour.md §9 (the server recomputes the price that counts). */
export function staySummary(arrival: string, departure: string, pricePerWeek: number): StaySummary {
  return {
    days: daysBetween(arrival, departure),
    totalCents: stayTotalCents(toCents(pricePerWeek), arrival, departure),
  };
}
