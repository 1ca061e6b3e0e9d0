import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { HousekeepingRepository } from './housekeeping-repository.ts';
import { HousekeepingService } from './housekeeping-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: HousekeepingService;
    /** The hourly housekeeping run; tests (JOBS=false) call `runOnce`. */
    housekeepingJob: IntervalJob;
  }
}

/** Deletes rows and photos that only grow (docs/decisions/0016-housekeeping-and-hostile-inputs.md), once an hour. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const housekeeping = new HousekeepingService({
      repository: new HousekeepingRepository(app.db),
      uploads: app.uploadsService,
      retentionDays: config.HOUSEKEEPING_RETENTION_DAYS,
      photoGraceHours: config.UPLOAD_GRACE_HOURS,
      checkInRetentionDays: config.CHECK_IN_RETENTION_DAYS,
      timeZone: config.TZ_SITE,
      log: app.log.child({ module: 'housekeeping' }),
    });
    app.decorate('housekeeping', housekeeping);
    app.decorate(
      'housekeepingJob',
      intervalJob(app, {
        name: 'housekeeping',
        everyMs: 60 * 60_000,
        enabled: config.JOBS,
        run: async () => {
          await housekeeping.run();
        },
      }),
    );
  },
  { name: 'housekeeping', dependencies: ['services'] },
);
