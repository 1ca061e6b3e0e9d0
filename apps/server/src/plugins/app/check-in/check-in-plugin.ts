import fp from 'fastify-plugin';
import { SecretBox } from '../../../lib/secrets.ts';
import { CheckInRepository } from './check-in-repository.ts';
import { CheckInService } from './check-in-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkIn: CheckInService;
  }
}

/** Online check-in (docs/decisions/0036-online-check-in.md). */
export default fp<{ settingsKey: string }>(
  async (app, { settingsKey }) => {
    app.decorate(
      'checkIn',
      new CheckInService({
        db: app.db,
        repository: new CheckInRepository(app.db),
        bookings: app.bookingsRepository,
        box: new SecretBox(settingsKey),
        today: () => app.bookingsService.today(),
      }),
    );
  },
  { name: 'check-in', dependencies: ['services'] },
);
