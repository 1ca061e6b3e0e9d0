import ICAL from 'ical.js';
import { addDays, calendarDateIn } from '@roomweek/contract';
import { FeedError } from './feed-fetcher.ts';

/** An event of an imported feed as the nights it takes: [start, end) in the site's calendar. */
export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
}

/** Events kept from one feed at most (after the window): more is refused like a broken feed. */
export const MAX_FEED_EVENTS = 5000;
/** VEVENTs read from one feed at most, in the window or not: a feed of more is refused before any expansion. */
export const MAX_FEED_COMPONENTS = 10_000;
/** Occurrences one recurring event may take to reach the window's end (a daily rule from years back, not from 1900). */
export const MAX_EVENT_OCCURRENCES = 1000;
/** Occurrences expanded in one feed at most, all its recurring events together. */
export const MAX_FEED_OCCURRENCES = 20_000;
/** Rules repeating within a day say nothing about nights, and a huge COUNT of them is only work: they are ignored. */
const SUB_DAY_FREQUENCIES = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);
/** Our own UIDs end so: an event of ours that another platform echoes back is not imported again. */
export const OWN_UID_SUFFIX = '@roomweek';

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/** Whether `zone` is a time zone name this runtime knows (IANA). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The instant a wall-clock time in an IANA zone names (the earlier one across a DST change). */
function instantIn(zone: string, time: Time): Date {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const offsetAt = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms;
  };
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}

/**
 * The site's calendar date of an iCal time: a DATE as written; a UTC time, or one whose zone the feed defines
 * (VTIMEZONE), converted; a TZID this runtime knows, converted through it; a floating time, as the site's wall clock.
 */
function siteDateOf(time: Time, tzid: string | null, timeZone: string): string {
  const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  if (time.isDate) return date;
  const zone = time.zone?.tzid;
  if (zone && zone !== 'floating') return calendarDateIn(timeZone, new Date(time.toUnixTime() * 1000));
  if (tzid && knownZone(tzid)) return calendarDateIn(timeZone, instantIn(tzid, time));
  return date;
}

/** The nights an event's start and end take: from the start's date to the end's, at least one night. */
function nightsOf(start: Time, end: Time | null, startZone: string | null, endZone: string | null, timeZone: string) {
  const first = siteDateOf(start, startZone, timeZone);
  const last = end ? siteDateOf(end, endZone, timeZone) : addDays(first, 1);
  return { start: first, end: last > first ? last : addDays(first, 1) };
}

/**
 * The events of an iCal feed (Airbnb's, Booking.com's, Vrbo's…) as nights of the site's calendar, parsed with ical.js.
 * Kept: events that end after `from` and start before `to`, neither cancelled nor transparent (free time), nor ours
 * echoed back. A recurring event gives each occurrence in the window (`UID#date`); a rule finer than a day is ignored
 * (the event is its first occurrence). Throws FeedError `unparsable` for text that is not a calendar, `too_many_events`
 * past any of the caps above. Meant to run in the feed parser's worker (feed-parser.ts), which bounds its time.
 */
export function parseFeed(text: string, options: { timeZone: string; from: string; to: string }): FeedEvent[] {
  // Counted on the text first, so a flood of events is refused before ical.js spends seconds building it.
  if ((text.match(/^BEGIN:VEVENT/gim)?.length ?? 0) > MAX_FEED_COMPONENTS) throw new FeedError('too_many_events', `More than ${MAX_FEED_COMPONENTS} events`);
  let calendar: Component;
  try {
    const parsed: unknown = ICAL.parse(text);
    if (!Array.isArray(parsed) || parsed[0] !== 'vcalendar') throw new Error('not a VCALENDAR');
    calendar = new ICAL.Component(parsed as [string, unknown[], unknown[]]);
  } catch {
    throw new FeedError('unparsable', 'The feed is not an iCalendar file');
  }
  const events = new Map<string, FeedEvent>();
  const keep = (uid: string, nights: { start: string; end: string }) => {
    if (nights.end <= options.from || nights.start >= options.to) return;
    let key = uid;
    // One UID twice (a moved occurrence, a careless feed): each keeps its nights.
    for (let n = 2; events.has(key); n++) key = `${uid}#${n}`;
    events.set(key, { uid: key, ...nights });
    if (events.size > MAX_FEED_EVENTS) throw new FeedError('too_many_events', `More than ${MAX_FEED_EVENTS} events`);
  };
  let occurrencesLeft = MAX_FEED_OCCURRENCES;
  try {
    const components = calendar.getAllSubcomponents('vevent');
    if (components.length > MAX_FEED_COMPONENTS) throw new FeedError('too_many_events', `More than ${MAX_FEED_COMPONENTS} events`);
    for (const component of components) {
      const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
      const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
      if (status === 'CANCELLED' || transparency === 'TRANSPARENT') continue;
      for (const rule of component.getAllProperties('rrule')) {
        const frequency = (rule.getFirstValue() as { freq?: unknown } | null)?.freq;
        if (typeof frequency === 'string' && SUB_DAY_FREQUENCIES.has(frequency.toUpperCase())) component.removeProperty(rule);
      }
      const event = new ICAL.Event(component);
      const startProperty = component.getFirstProperty('dtstart');
      if (!startProperty || !event.startDate) continue;
      const uid = (event.uid || `${startProperty.toICALString()}`).slice(0, 500);
      if (uid.toLowerCase().endsWith(OWN_UID_SUFFIX)) continue;
      const startZone = (startProperty.getParameter('tzid') as string | undefined) ?? null;
      const endZone = (component.getFirstProperty('dtend')?.getParameter('tzid') as string | undefined) ?? startZone;
      if (!event.isRecurring()) {
        keep(uid, nightsOf(event.startDate, event.endDate ?? null, startZone, endZone, options.timeZone));
        continue;
      }
      const occurrences = event.iterator();
      for (let n = 0; ; n++) {
        const next = occurrences.next();
        if (!next) break;
        if (n >= MAX_EVENT_OCCURRENCES || --occurrencesLeft < 0) {
          throw new FeedError('too_many_events', `A recurring event repeats more than ${MAX_EVENT_OCCURRENCES} times before the window ends, or the feed's more than ${MAX_FEED_OCCURRENCES}`);
        }
        const details = event.getOccurrenceDetails(next);
        const nights = nightsOf(details.startDate, details.endDate, startZone, endZone, options.timeZone);
        if (nights.start >= options.to) break;
        keep(`${uid}#${nights.start}`, nights);
      }
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError('unparsable', 'The feed has an event that cannot be read');
  }
  return [...events.values()];
}

/** What a room's exported feed lists: its stays and holds, and its blocks; never who, why or for how much. */
export interface ExportedNights {
  kind: 'booking' | 'block';
  id: string;
  start: string;
  end: string;
}

const dateValue = (date: string) => ICAL.Time.fromDateString(date);

/**
 * A room's nights as an iCalendar file other platforms import: all-day events (DTEND exclusive), a stable UID per booking
 * or block, "Reserved" or "Not available" as the only text.
 */
export function buildFeed(calendarName: string, nights: ExportedNights[], now: Date = new Date()): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//Roomweek//Room calendar//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', calendarName);
  const stamp = ICAL.Time.fromJSDate(now, true);
  for (const entry of nights) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `${entry.kind}-${entry.id}${OWN_UID_SUFFIX}`);
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('dtstart', dateValue(entry.start));
    event.addPropertyWithValue('dtend', dateValue(entry.end));
    event.addPropertyWithValue('summary', entry.kind === 'booking' ? 'Reserved' : 'Not available');
    event.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(event);
  }
  return `${calendar.toString()}\r\n`;
}
