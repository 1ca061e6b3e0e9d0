import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { CalendarRepository } from './calendar-repository.ts';
import { CalendarService } from './calendar-service.ts';
import { CalendarSync } from './calendar-sync.ts';
import { FeedFetcher } from './feed-fetcher.ts';
import { FeedParser } from './feed-parser.ts';

declare module 'fastify' {
  interface FastifyInstance {
    calendar: { service: CalendarService; sync: CalendarSync; repository: CalendarRepository };
    /** Fetches the imported feeds that are due; tests (JOBS=false) call `runOnce`. */
    calendarSyncJob: IntervalJob;
  }
}

/** The owner's calendar: blocks, iCal export and import, the timeline (docs/decisions/0024-calendar-sync-and-blocks.md). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const repository = new CalendarRepository(app.db);
    const shared = { db: app.db, repository, bookings: app.bookingsRepository, lifecycle: app.bookingLifecycle, timeZone: config.TZ_SITE };
    const service = new CalendarService({ ...shared, publicUrl: config.PUBLIC_URL, allowPrivate: config.ICAL_ALLOW_PRIVATE });
    const parser = new FeedParser({ budgetMs: config.ICAL_PARSE_BUDGET_MS });
    app.addHook('onClose', () => parser.close());
    const sync = new CalendarSync({
      ...shared,
      fetcher: new FeedFetcher({ allowPrivate: config.ICAL_ALLOW_PRIVATE }),
      parser,
      syncMinutes: config.ICAL_SYNC_MINUTES,
      log: app.log.child({ module: 'calendar' }),
    });
    app.decorate('calendar', { service, sync, repository });
    app.decorate(
      'calendarSyncJob',
      // Every minute, each feed whose last attempt is ICAL_SYNC_MINUTES old.
      intervalJob(app, { name: 'calendar-sync', everyMs: 60_000, enabled: config.JOBS, run: async () => void (await sync.runDue()) }),
    );
  },
  { name: 'calendar', dependencies: ['services'] },
);
