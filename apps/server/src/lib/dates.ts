import { calendarDateIn, isCalendarDate } from '@roomweek/contract';

/** A date from the API (`YYYY-MM-DD` or a full ISO timestamp) as the calendar date it is in the site's time zone. */
export function toSiteDate(input: string, timeZone: string): string {
  return isCalendarDate(input) ? input : calendarDateIn(timeZone, new Date(input));
}

export const siteToday = (timeZone: string, now: Date = new Date()) => calendarDateIn(timeZone, now);
