import { randomBytes } from 'node:crypto';
import {
  addDays,
  daysBetween,
  MAX_BLOCK_DAYS_AHEAD,
  MAX_BLOCK_NIGHTS,
  MAX_CALENDARS_PER_ROOM,
  type Block,
  type BlockBody,
  type Calendar,
  type CalendarBody,
  type CalendarConflict,
  type IcalExport,
} from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { siteToday } from '../../../lib/dates.ts';
import { AppError, badRequest, conflict, constraintName, notFound, sqlState } from '../../../lib/errors.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import { isRefusedUrl } from './address-policy.ts';
import type { BlockView, CalendarRepository, CalendarView } from './calendar-repository.ts';
import { buildFeed } from './ical-feed.ts';

/** How far back a room's exported feed and its lists of blocks reach: the stays and blocks of the last month. */
const EXPORT_PAST_DAYS = 31;

export function toBlock({ block, calendarName }: BlockView): Block {
  return {
    id: block.id,
    room_id: block.roomId,
    start_date: block.startDate,
    end_date: block.endDate,
    note: block.note,
    source: block.calendarId ? 'import' : 'manual',
    calendar_id: block.calendarId,
    calendar_name: calendarName,
    uid: block.uid,
    conflict: !block.blocking,
  };
}

export function toCalendar({ calendar, events, conflicts }: CalendarView): Calendar {
  return {
    id: calendar.id,
    room_id: calendar.roomId,
    name: calendar.name,
    url: calendar.url,
    last_synced_at: calendar.lastSyncedAt?.toISOString() ?? null,
    last_attempt_at: calendar.lastAttemptAt?.toISOString() ?? null,
    last_error: calendar.lastError,
    events,
    conflicts,
  };
}

export const roomNotFound = () => notFound('room_not_found', 'Room not found');
export const calendarNotFound = () => notFound('calendar_not_found', 'Calendar not found');
const roomUnavailable = () => conflict('room_unavailable', 'These nights are already booked');

export interface CalendarServiceOptions {
  db: Database;
  repository: CalendarRepository;
  bookings: BookingsRepository;
  lifecycle: BookingLifecycle;
  timeZone: string;
  publicUrl: string;
  /** ICAL_ALLOW_PRIVATE. */
  allowPrivate: boolean;
}

/** The admin's blocks and feeds, and a room's exported feed (docs/behaviour.md §14). */
export class CalendarService {
  constructor(private readonly options: CalendarServiceOptions) {}

  private get repository() {
    return this.options.repository;
  }

  today(): string {
    return siteToday(this.options.timeZone);
  }

  exportUrl(token: string): string {
    return `${this.options.publicUrl}/api/ical/${token}.ics`;
  }

  private async requireRoom(roomId: string) {
    const room = await this.repository.bookableRoom(roomId);
    if (!room) throw roomNotFound();
    return room;
  }

  async blocks(roomId: string): Promise<Block[]> {
    await this.requireRoom(roomId);
    return (await this.repository.blocksOf(roomId, this.today())).map(toBlock);
  }

  /**
   * Blocks a room's nights. Under the room's nights lock (as a booking takes it), after its run-out holds are released;
   * a night a booking holds fails the insert on room_occupancy_no_overlap (23P01): 409 room_unavailable.
   */
  async createBlock(roomId: string, body: BlockBody & { note: string | null }): Promise<Block> {
    const today = this.today();
    const { start_date: start, end_date: end } = body;
    if (end <= start) throw badRequest('invalid_dates', 'The end of a block must be after its start', 'end_date');
    if (start < today) throw badRequest('date_in_past', 'A block cannot start in the past', 'start_date');
    if (daysBetween(start, end) > MAX_BLOCK_NIGHTS) throw new AppError(400, 'validation_error', `A block lasts at most ${MAX_BLOCK_NIGHTS} nights`, 'end_date');
    if (daysBetween(today, start) > MAX_BLOCK_DAYS_AHEAD) {
      throw new AppError(400, 'validation_error', `A block starts at most ${MAX_BLOCK_DAYS_AHEAD} days ahead`, 'start_date');
    }
    try {
      const block = await this.options.db.transaction(async (tx) => {
        await this.options.bookings.lockRoomNights(tx, roomId);
        if (!(await this.options.bookings.shareBookableRoom(tx, roomId))) throw roomNotFound();
        await this.options.lifecycle.releaseExpired(tx, { roomId });
        return this.repository.insertBlock(tx, { roomId, startDate: start, endDate: end, note: body.note });
      });
      return toBlock({ block, calendarName: null });
    } catch (error) {
      if (sqlState(error) === '23P01') throw roomUnavailable();
      throw error;
    }
  }

  async removeBlock(roomId: string, blockId: string): Promise<void> {
    const block = await this.repository.block(roomId, blockId);
    if (!block) throw notFound('block_not_found', 'Block not found');
    if (block.calendarId) throw conflict('imported_block', 'This block comes from an imported calendar: free it there, or remove the calendar');
    // In a transaction: the audit log's entry is written in the change's own (docs/decisions/0043).
    const deleted = await this.options.db.transaction((tx) => this.repository.deleteManualBlock(roomId, blockId, tx));
    if (!deleted) throw notFound('block_not_found', 'Block not found');
  }

  async calendars(roomId: string): Promise<Calendar[]> {
    await this.requireRoom(roomId);
    return (await this.repository.calendarsOf(roomId)).map(toCalendar);
  }

  /** Adds a feed to import (fetched by the job, or at once by "sync now"); its address is judged again at each fetch. */
  async addCalendar(roomId: string, body: CalendarBody): Promise<Calendar> {
    if (isRefusedUrl(body.url, this.options.allowPrivate)) {
      throw badRequest('calendar_url_refused', 'This address is on a private, loopback or link-local network', 'url');
    }
    try {
      const id = await this.options.db.transaction(async (tx) => {
        if (!(await this.repository.lockRoom(tx, roomId))) throw roomNotFound();
        if ((await this.repository.countCalendars(tx, roomId)) >= MAX_CALENDARS_PER_ROOM) {
          throw conflict('too_many_calendars', `A room imports at most ${MAX_CALENDARS_PER_ROOM} calendars`);
        }
        return this.repository.insertCalendar(tx, { roomId, name: body.name, url: body.url });
      });
      return toCalendar((await this.repository.calendar(roomId, id))!);
    } catch (error) {
      if (sqlState(error) === '23505' && constraintName(error) === 'room_calendars_room_url_key') {
        throw conflict('calendar_exists', 'This room already imports this calendar');
      }
      throw error;
    }
  }

  async removeCalendar(roomId: string, calendarId: string): Promise<void> {
    if (!(await this.options.db.transaction((tx) => this.repository.deleteCalendar(roomId, calendarId, tx)))) throw calendarNotFound();
  }

  /** A new secret for the room's exported feed: the old URL stops working at once. */
  async regenerateToken(roomId: string): Promise<IcalExport> {
    await this.requireRoom(roomId);
    const token = randomBytes(16).toString('hex');
    if (!(await this.options.db.transaction((tx) => this.repository.setToken(roomId, token, tx)))) throw roomNotFound();
    return { ical_export_url: this.exportUrl(token) };
  }

  /** The room's feed for other platforms; 404 for a token that names no bookable room (never which part was wrong). */
  async exportFeed(token: string): Promise<string> {
    const room = /^[0-9a-f]{32}$/.test(token) ? await this.repository.roomByToken(token) : undefined;
    if (!room) throw notFound('not_found', 'Not found');
    const { stays, blocked } = await this.repository.exportedNights(room.id, addDays(this.today(), -EXPORT_PAST_DAYS));
    return buildFeed(`${room.propertyName} · ${room.roomNumber}`, [
      ...stays.map((stay) => ({ kind: 'booking' as const, ...stay })),
      ...blocked.map((block) => ({ kind: 'block' as const, ...block })),
    ]);
  }

  async conflicts(): Promise<CalendarConflict[]> {
    const rows = await this.repository.conflicts(this.today());
    return rows.map((row) => ({
      block_id: row.block.id,
      room_id: row.block.roomId,
      room_number: row.roomNumber,
      property_name: row.propertyName,
      calendar_id: row.block.calendarId!,
      calendar_name: row.calendarName,
      uid: row.block.uid!,
      start_date: row.block.startDate,
      end_date: row.block.endDate,
      booking: {
        id: row.booking.id,
        user_name: row.booking.userName,
        start_date: row.booking.startDate,
        end_date: row.booking.endDate,
        status: row.booking.status,
      },
    }));
  }
}
