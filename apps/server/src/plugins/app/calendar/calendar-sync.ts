import type { FastifyBaseLogger } from 'fastify';
import { addDays, MAX_DAYS_AHEAD, MAX_STAY_DAYS, type Calendar } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { siteToday } from '../../../lib/dates.ts';
import { conflict, sqlState } from '../../../lib/errors.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { BlockRow, CalendarRepository, CalendarRow } from './calendar-repository.ts';
import { calendarNotFound, toCalendar } from './calendar-service.ts';
import { FeedError, type FeedFetcher } from './feed-fetcher.ts';
import type { FeedParser } from './feed-parser.ts';
import type { FeedEvent } from './ical-feed.ts';

/** Feeds leased and fetched side by side by one run of the job, batch after batch. */
const BATCH = 8;
/** Batches one run takes at most; the next run goes on with the rest. */
const MAX_BATCHES = 50;
/** Imported events that ended this long ago are let go. */
const PAST_DAYS = 31;

export interface CalendarSyncOptions {
  db: Database;
  repository: CalendarRepository;
  bookings: BookingsRepository;
  lifecycle: BookingLifecycle;
  fetcher: FeedFetcher;
  /** Parses feeds off the main thread, within a budget. */
  parser: FeedParser;
  timeZone: string;
  /** ICAL_SYNC_MINUTES: how long after its last attempt a feed is fetched again. */
  syncMinutes: number;
  log: FastifyBaseLogger;
}

/**
 * Turns imported feeds into blocks of their room (docs/behaviour.md §14): new events block, changed ones move, removed
 * ones unblock. Fail-closed: a feed that cannot be fetched or read keeps its last good blocks, and says why. An event
 * that shares a night with one of our bookings is kept as a conflict (it takes no night; the booking stays as it is),
 * and tried again at every sync. A feed is synced by one instance at a time (a lease in its row).
 */
export class CalendarSync {
  constructor(private readonly options: CalendarSyncOptions) {}

  private get repository() {
    return this.options.repository;
  }

  /** The job's run: every feed not tried for ICAL_SYNC_MINUTES, a batch at a time. Answers how many were synced. */
  async runDue(): Promise<number> {
    let synced = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await this.repository.claimDue(this.options.syncMinutes, BATCH);
      if (due.length === 0) break;
      await Promise.all(due.map((calendar) => this.sync(calendar)));
      synced += due.length;
    }
    return synced;
  }

  /** "Sync now": the feed is fetched at once and its state answered (409 while another sync of it runs). */
  async syncNow(roomId: string, calendarId: string): Promise<Calendar> {
    const claimed = await this.repository.claimOne(roomId, calendarId);
    if (!claimed) {
      if (await this.repository.calendar(roomId, calendarId)) throw conflict('calendar_sync_running', 'This calendar is being synced right now');
      throw calendarNotFound();
    }
    await this.sync(claimed);
    const view = await this.repository.calendar(roomId, calendarId);
    if (!view) throw calendarNotFound();
    return toCalendar(view);
  }

  /** Fetches and applies one leased feed; any failure is recorded on the feed, never thrown. */
  private async sync(calendar: CalendarRow): Promise<void> {
    const lease = calendar.syncLease!;
    const log = this.options.log.child({ calendar: calendar.id, room: calendar.roomId });
    try {
      const answer = await this.options.fetcher.fetch(calendar.url, { etag: calendar.etag, lastModified: calendar.lastModified });
      if (answer.kind === 'not_modified') {
        await this.apply(calendar, lease, null, {});
        return;
      }
      const today = siteToday(this.options.timeZone);
      const events = await this.options.parser.parse(answer.text, {
        timeZone: this.options.timeZone,
        from: addDays(today, -PAST_DAYS),
        to: addDays(today, MAX_DAYS_AHEAD + MAX_STAY_DAYS),
      });
      await this.apply(calendar, lease, events, { etag: answer.etag, lastModified: answer.lastModified });
    } catch (error) {
      const code = error instanceof FeedError ? error.code : 'network';
      // The URL is not logged: platforms put their secret in it.
      if (!(error instanceof FeedError)) log.error({ err: error }, 'calendar sync failed');
      else log.warn({ failure: code }, 'calendar feed refused; its last blocks are kept');
      await this.repository.endLease(this.options.db, calendar.id, lease, { ok: false, error: code }).catch((endError: unknown) => {
        log.error({ err: endError }, 'could not record the failed calendar sync');
      });
    }
  }

  /**
   * In one transaction, under the room's nights lock (a booking of the room waits, and so do we for it): the feed's
   * events become its blocks. `events` null: the feed has not changed (304), only its conflicts are tried again.
   */
  private async apply(
    calendar: CalendarRow,
    lease: string,
    events: FeedEvent[] | null,
    validators: { etag?: string | null; lastModified?: string | null },
  ): Promise<void> {
    const { bookings, lifecycle } = this.options;
    await this.options.db.transaction(async (tx) => {
      await bookings.lockRoomNights(tx, calendar.roomId);
      // Deleted, or taken over by another instance after our lease ran out: nothing to write.
      if (!(await this.repository.lockLeased(tx, calendar.id, lease))) return;
      await lifecycle.releaseExpired(tx, { roomId: calendar.roomId });
      const byUid = new Map((await this.repository.importedBlocks(tx, calendar.id)).map((block) => [block.uid!, block]));
      if (events) {
        for (const event of events) {
          const current = byUid.get(event.uid);
          byUid.delete(event.uid);
          if (current?.blocking && current.startDate === event.start && current.endDate === event.end) continue;
          await this.place(tx, calendar, event, current);
        }
        await this.repository.deleteBlocks(tx, [...byUid.values()].map((block) => block.id));
      } else {
        for (const current of byUid.values()) {
          if (!current.blocking) await this.place(tx, calendar, { uid: current.uid!, start: current.startDate, end: current.endDate }, current);
        }
      }
      await this.repository.endLease(tx, calendar.id, lease, { ok: true, ...validators });
    });
  }

  /**
   * An event as a block of its nights, inside a savepoint: the exclusion constraint decides. Where one of our bookings
   * has one of its nights, it is written as a conflict instead (no night taken; our guest's booking untouched).
   */
  private async place(tx: Executor, calendar: CalendarRow, event: FeedEvent, current: BlockRow | undefined): Promise<void> {
    const dates = { startDate: event.start, endDate: event.end };
    const write = (executor: Executor, blocking: boolean) =>
      current
        ? this.repository.updateBlock(executor, current.id, { ...dates, blocking })
        : this.repository.insertBlock(executor, { roomId: calendar.roomId, calendarId: calendar.id, uid: event.uid, ...dates, blocking });
    try {
      await tx.transaction(async (savepoint) => {
        await write(savepoint, true);
      });
    } catch (error) {
      if (sqlState(error) !== '23P01') throw error;
      await write(tx, false);
    }
  }
}
