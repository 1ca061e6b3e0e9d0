import type { FastifyInstance } from 'fastify';
import { addDays, isoWeekday, type SearchResponse } from '@roomweek/contract';
import type { Database } from '../../src/db/client.ts';
import { roomBlocks, roomCalendars } from '../../src/db/calendar-schema.ts';
import { siteDate } from '../helper.ts';

/** GET /api/search with these parameters (an object, so each test says what it asks). */
export function search(app: FastifyInstance, params: Record<string, string | number | undefined>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  return app.inject({ url: `/api/search?${query}` });
}

/** The rooms a search finds, by id, in the order answered (the call must succeed). */
export async function foundIds(app: FastifyInstance, params: Record<string, string | number | undefined>): Promise<string[]> {
  const response = await search(app, params);
  if (response.statusCode !== 200) throw new Error(`search failed: ${response.statusCode} ${response.body}`);
  return response.json<SearchResponse>().items.map((item) => item.room_id);
}

/** The first date with this ISO weekday at least `days` days from the site's today. */
export function weekdayFrom(days: number, weekday: number): string {
  const day = siteDate(days);
  return addDays(day, (weekday - isoWeekday(day) + 7) % 7);
}

/** An event of an imported iCal feed taking [start, end) in the room, as a sync writes it. */
export async function insertImportedEvent(db: Database, roomId: string, start: string, end: string): Promise<void> {
  const [calendar] = await db
    .insert(roomCalendars)
    .values({ roomId, name: 'Other site', url: `https://calendar.example.com/${roomId}.ics` })
    .onConflictDoNothing()
    .returning({ id: roomCalendars.id });
  await db.insert(roomBlocks).values({ roomId, startDate: start, endDate: end, calendarId: calendar!.id, uid: `${start}@example.com` });
}
