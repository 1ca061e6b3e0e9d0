import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { SecretBox } from '../../../lib/secrets.ts';
import { ArrivalInstructions } from './arrival-instructions.ts';
import { CheckInRegister } from './check-in-register.ts';
import { CheckInReminders } from './check-in-reminders.ts';
import { CheckInRepository } from './check-in-repository.ts';
import { CheckInService } from './check-in-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkIn: CheckInService;
    /** A day's arrivals and the authorities' export (decision 0042). */
    checkInRegister: CheckInRegister;
    checkInReminders: CheckInReminders;
    /** The hourly reminder run; tests (JOBS=false) call `checkInReminders.run(today)`. */
    checkInRemindersJob: IntervalJob;
    /** The arrival instructions e-mail (decision 0038); tests call `arrivalInstructions.run(today)`. */
    arrivalInstructions: ArrivalInstructions;
  }
}

/** Online check-in and its reminder (docs/decisions/0036-online-check-in.md). */
export default fp<{ config: Config; settingsKey: string }>(
  async (app, { config, settingsKey }) => {
    const repository = new CheckInRepository(app.db);
    const today = () => app.bookingsService.today();
    const service = new CheckInService({ db: app.db, repository, bookings: app.bookingsRepository, box: new SecretBox(settingsKey), today });
    app.decorate('checkIn', service);
    app.decorate('checkInRegister', new CheckInRegister({ repository, open: (stored) => service.open(stored) }));
    const reminders = new CheckInReminders({
      db: app.db,
      repository,
      bookings: app.bookingsRepository,
      notifier: app.notifier,
      reminderDays: config.CHECK_IN_REMINDER_DAYS,
      today,
      log: app.log.child({ module: 'check-in' }),
    });
    app.decorate('checkInReminders', reminders);
    const arrival = new ArrivalInstructions({
      db: app.db,
      repository,
      bookings: app.bookingsRepository,
      notifier: app.notifier,
      days: config.ARRIVAL_INSTRUCTIONS_DAYS,
      today,
      log: app.log.child({ module: 'arrival-instructions' }),
    });
    app.decorate('arrivalInstructions', arrival);
    app.decorate(
      'checkInRemindersJob',
      intervalJob(app, {
        name: 'check-in reminders and arrival instructions',
        everyMs: 60 * 60_000,
        enabled: config.JOBS,
        run: async () => {
          await reminders.run();
          await arrival.run();
        },
      }),
    );
  },
  { name: 'check-in', dependencies: ['services'] },
);
