import type { Block, Timeline, TimelineBooking } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { mondayOf, movements, timelineRows, visibleRange, windowDays } from './timeline';

const ROOM = (id: string, property: string, number: string) => ({ id, property_id: property, room_number: number, ical_export_url: `http://x/api/ical/${id}.ics` });
const booking = (overrides: Partial<TimelineBooking>): TimelineBooking => ({
  id: 'b0',
  room_id: 'r1',
  start_date: '2030-04-02',
  end_date: '2030-04-09',
  status: 'confirmed',
  user_name: 'Ana',
  user_email: 'ana@example.com',
  total_price: 350,
  paid_amount: 0,
  payment_method: 'on_site',
  hold_expires_at: null,
  adults: 1,
  children: 0,
  source: 'web',
  ...overrides,
});
const block = (overrides: Partial<Block>): Block => ({
  id: 'k0',
  room_id: 'r1',
  start_date: '2030-04-10',
  end_date: '2030-04-12',
  note: null,
  source: 'manual',
  calendar_id: null,
  calendar_name: null,
  uid: null,
  conflict: false,
  ...overrides,
});

const timeline: Timeline = {
  today: '2030-04-03',
  start: '2030-04-01',
  days: 28,
  properties: [
    { id: 'p1', name: 'Alpha' },
    { id: 'p2', name: 'Beta' },
  ],
  rooms: [ROOM('r1', 'p1', '1'), ROOM('r2', 'p1', '2'), ROOM('r3', 'p2', '9')],
  bookings: [
    booking({ id: 'left', start_date: '2030-03-25', end_date: '2030-04-01' }),
    booking({ id: 'in', start_date: '2030-04-02', end_date: '2030-04-09' }),
    booking({ id: 'hold', room_id: 'r2', status: 'pending', start_date: '2030-04-27', end_date: '2030-05-04' }),
    booking({ id: 'other', room_id: 'r3', start_date: '2030-04-08', end_date: '2030-04-15' }),
  ],
  blocks: [
    block({ id: 'manual' }),
    block({ id: 'airbnb', source: 'import', calendar_id: 'c1', calendar_name: 'Airbnb', uid: 'x@airbnb.com', start_date: '2030-04-20', end_date: '2030-04-22' }),
    block({ id: 'clash', source: 'import', calendar_id: 'c1', calendar_name: 'Airbnb', uid: 'y@airbnb.com', start_date: '2030-04-05', end_date: '2030-04-07', conflict: true }),
  ],
};

describe('the timeline', () => {
  it('starts weeks on Monday and lists the days of the window', () => {
    expect(mondayOf('2030-04-03')).toBe('2030-04-01');
    expect(mondayOf('2030-04-01')).toBe('2030-04-01');
    expect(mondayOf('2030-04-07')).toBe('2030-04-01');
    expect(windowDays('2030-12-30', 4)).toEqual(['2030-12-30', '2030-12-31', '2031-01-01', '2031-01-02']);
  });

  it('groups rooms under their property, each with its bars; a conflict comes last; a stay gone before the window has none', () => {
    const rows = timelineRows(timeline, null);
    expect(rows.map((row) => (row.kind === 'property' ? `# ${row.name} (${row.rooms})` : row.room.room_number))).toEqual(['# Alpha (2)', '1', '2', '# Beta (1)', '9']);
    const room1 = rows[1]!;
    if (room1.kind !== 'room') throw new Error('expected a room row');
    expect(room1.bars.map((bar) => [bar.key, bar.kind, bar.from, bar.nights])).toEqual([
      ['in', 'confirmed', 1, 7],
      ['manual', 'block', 9, 2],
      ['airbnb', 'import', 19, 2],
      ['clash', 'conflict', 4, 2],
    ]);
    const room2 = rows[2]!;
    if (room2.kind !== 'room') throw new Error('expected a room row');
    // The hold runs past the window's last day: cut at the edge.
    expect(room2.bars).toEqual([expect.objectContaining({ key: 'hold', kind: 'pending', from: 26, nights: 7, clippedStart: false, clippedEnd: true })]);
  });

  it('keeps one property with the filter', () => {
    expect(timelineRows(timeline, 'p2').map((row) => row.key)).toEqual(['property-p2', 'r3']);
  });

  it('sums the arrivals and departures of each day and week, the departure on the first day included', () => {
    const { days, weeks } = movements(timeline, null);
    expect(days[0]).toEqual({ arrivals: 0, departures: 1 });
    expect(days[1]).toEqual({ arrivals: 1, departures: 0 });
    expect(days[7]).toEqual({ arrivals: 1, departures: 0 });
    expect(days[8]).toEqual({ arrivals: 0, departures: 1 });
    expect(weeks).toEqual([
      { arrivals: 1, departures: 1 },
      { arrivals: 1, departures: 1 },
      { arrivals: 0, departures: 1 },
      { arrivals: 1, departures: 0 },
    ]);
    expect(movements(timeline, 'p2').weeks).toEqual([
      { arrivals: 0, departures: 0 },
      { arrivals: 1, departures: 0 },
      { arrivals: 0, departures: 1 },
      { arrivals: 0, departures: 0 },
    ]);
  });

  it('renders only the rows on screen, with a margin', () => {
    expect(visibleRange(0, 440, 44, 500)).toEqual({ first: 0, last: 16 });
    expect(visibleRange(44 * 300, 440, 44, 500)).toEqual({ first: 294, last: 316 });
    expect(visibleRange(44 * 498, 440, 44, 500)).toEqual({ first: 492, last: 500 });
  });
});
