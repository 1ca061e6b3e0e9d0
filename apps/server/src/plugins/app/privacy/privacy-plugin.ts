import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { PrivacyRepository } from './privacy-repository.ts';
import { PrivacyService } from './privacy-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    privacy: PrivacyService;
  }
}

/** A guest's own data: export, deletion, the admin's guests (docs/decisions/0021-personal-data.md). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate(
      'privacy',
      new PrivacyService({
        db: app.db,
        repository: new PrivacyRepository(app.db),
        bookings: app.bookingsRepository,
        cancellations: app.payments.cancellations,
        auth: app.authService,
        checkIns: app.checkIn,
        timeZone: config.TZ_SITE,
        log: app.log.child({ module: 'privacy' }),
      }),
    );
  },
  { name: 'privacy', dependencies: ['services', 'payments', 'check-in'] },
);
