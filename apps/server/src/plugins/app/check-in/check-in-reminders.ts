import type { FastifyBaseLogger } from 'fastify';
import { addDays } from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { CheckInRepository } from './check-in-repository.ts';

export interface CheckInRemindersOptions {
  db: Database;
  repository: CheckInRepository;
  bookings: Pick<BookingsRepository, 'view'>;
  notifier: Notifier;
  /** CHECK_IN_REMINDER_DAYS. */
  reminderDays: number;
  /** The site's today, from the app's clock (BookingsService.today). */
  today: () => string;
  log: FastifyBaseLogger;
}

/**
 * The reminder to check in online (docs/decisions/0036): to each confirmed stay arriving within CHECK_IN_REMINDER_DAYS
 * whose check-in is not complete, once (check_in_notices), through the outbox in the booking's language. Safe on
 * several instances: the notice row and the outbox row are written in one transaction, the first to claim wins.
 */
export class CheckInReminders {
  constructor(private readonly options: CheckInRemindersOptions) {}

  /** Answers how many reminders were queued. */
  async run(today: string = this.options.today()): Promise<number> {
    const { db, repository, bookings, notifier, reminderDays } = this.options;
    const due = await repository.dueForNotice('check_in_reminder', today, addDays(today, reminderDays));
    let queued = 0;
    for (const id of due) {
      await db.transaction(async (tx) => {
        const view = await bookings.view(id, tx);
        if (!view || view.booking.status !== 'confirmed') return;
        if (!(await repository.claimNotice(tx, id, 'check_in_reminder'))) return;
        await notifier.checkInReminder(tx, view);
        queued++;
      });
    }
    if (queued) this.options.log.info({ queued }, 'check-in reminders queued');
    return queued;
  }
}
