import { addDays, daysBetween, isoWeekday, type Block, type Timeline, type TimelineBooking, type TimelineRoom } from '@roomweek/contract';

/**
 * The timeline screen's rules (docs/behaviour.md §14), as pure functions of the one answer of GET /admin/timeline.
 * Dates stay `YYYY-MM-DD` strings; a column is a day of the window.
 */

/** Days shown: four weeks, paged by one week. */
export const TIMELINE_SPAN = 28;

/** The Monday on or before a date: the timeline's weeks start on Monday. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

export function windowDays(start: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(start, i));
}

export type BarKind = 'confirmed' | 'pending' | 'block' | 'import' | 'conflict';

/** Something drawn on a room's row: from the middle of its first day to the middle of its departure day. */
export interface Bar {
  key: string;
  kind: BarKind;
  /** Columns from the window's first day (may be negative when it began before). */
  from: number;
  /** Nights it lasts. */
  nights: number;
  /** Cut by the window's edges. */
  clippedStart: boolean;
  clippedEnd: boolean;
  booking?: TimelineBooking;
  block?: Block;
}

export function barKind(item: { booking?: TimelineBooking; block?: Block }): BarKind {
  if (item.booking) return item.booking.status === 'pending' ? 'pending' : 'confirmed';
  if (item.block?.conflict) return 'conflict';
  return item.block?.source === 'import' ? 'import' : 'block';
}

function bar(start: string, days: number, range: { start_date: string; end_date: string }, item: { booking?: TimelineBooking; block?: Block }): Bar | null {
  const from = daysBetween(start, range.start_date);
  const nights = daysBetween(range.start_date, range.end_date);
  // A stay that left on the window's first day has no bar (its departure is counted above the grid).
  if (from + nights <= 0 || from >= days) return null;
  return {
    key: item.booking?.id ?? item.block!.id,
    kind: barKind(item),
    from,
    nights,
    clippedStart: from < 0,
    clippedEnd: from + nights > days,
    ...item,
  };
}

export interface TimelineRoomRow {
  kind: 'room';
  key: string;
  room: TimelineRoom;
  propertyName: string;
  bars: Bar[];
}
export interface TimelinePropertyRow {
  kind: 'property';
  key: string;
  propertyId: string;
  name: string;
  rooms: number;
}
export type TimelineRow = TimelinePropertyRow | TimelineRoomRow;

/** Rooms as rows grouped under their property (the filter keeps one property), each with its bars. */
export function timelineRows(timeline: Timeline, propertyId: string | null): TimelineRow[] {
  const bars = new Map<string, Bar[]>();
  const add = (roomId: string, entry: Bar | null) => {
    if (!entry) return;
    const list = bars.get(roomId) ?? [];
    list.push(entry);
    bars.set(roomId, list);
  };
  for (const booking of timeline.bookings) add(booking.room_id, bar(timeline.start, timeline.days, booking, { booking }));
  for (const block of timeline.blocks) add(block.room_id, bar(timeline.start, timeline.days, block, { block }));
  const names = new Map(timeline.properties.map((property) => [property.id, property.name]));
  const rows: TimelineRow[] = [];
  let header = null as TimelinePropertyRow | null;
  for (const room of timeline.rooms) {
    if (propertyId && room.property_id !== propertyId) continue;
    if (header?.propertyId !== room.property_id) {
      header = { kind: 'property', key: `property-${room.property_id}`, propertyId: room.property_id, name: names.get(room.property_id) ?? '', rooms: 0 };
      rows.push(header);
    }
    header.rooms++;
    // Conflicts last: drawn over what they clash with.
    const roomBars = (bars.get(room.id) ?? []).sort((a, b) => Number(a.kind === 'conflict') - Number(b.kind === 'conflict') || a.from - b.from);
    rows.push({ kind: 'room', key: room.id, room, propertyName: header.name, bars: roomBars });
  }
  return rows;
}

export type DayTotals = {
  arrivals: number;
  departures: number;
};

/** Arrivals and departures of each day of the window, and of each week (seven days from the window's start). */
export function movements(timeline: Timeline, propertyId: string | null): { days: DayTotals[]; weeks: DayTotals[] } {
  const roomIds = propertyId ? new Set(timeline.rooms.filter((room) => room.property_id === propertyId).map((room) => room.id)) : null;
  const days: DayTotals[] = Array.from({ length: timeline.days }, () => ({ arrivals: 0, departures: 0 }));
  for (const booking of timeline.bookings) {
    if (roomIds && !roomIds.has(booking.room_id)) continue;
    const arrival = daysBetween(timeline.start, booking.start_date);
    const departure = daysBetween(timeline.start, booking.end_date);
    if (arrival >= 0 && arrival < timeline.days) days[arrival]!.arrivals++;
    if (departure >= 0 && departure < timeline.days) days[departure]!.departures++;
  }
  const weeks: DayTotals[] = [];
  days.forEach((day, i) => {
    const week = (weeks[Math.floor(i / 7)] ??= { arrivals: 0, departures: 0 });
    week.arrivals += day.arrivals;
    week.departures += day.departures;
  });
  return { days, weeks };
}

/** Which rows of a fixed-height list are on screen (with a margin of `overscan` rows above and below). */
export function visibleRange(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan = 6): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return { first, last };
}
