import type { FastifyBaseLogger } from 'fastify';
import { addDays, arrivalInstructionsIn } from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { asLanguage } from '../notifications/templates.ts';
import type { CheckInRepository } from './check-in-repository.ts';

export interface ArrivalInstructionsOptions {
  db: Database;
  repository: CheckInRepository;
  bookings: Pick<BookingsRepository, 'view'>;
  notifier: Notifier;
  /** ARRIVAL_INSTRUCTIONS_DAYS. */
  days: number;
  /** The site's today, from the app's clock (BookingsService.today). */
  today: () => string;
  log: FastifyBaseLogger;
}

/**
 * The arrival instructions e-mail (docs/decisions/0038): to each confirmed stay arriving between today and today +
 * ARRIVAL_INSTRUCTIONS_DAYS, once (check_in_notices, claimed in the transaction that writes the outbox row — the
 * confirmation of a stay booked inside the window claims it too), in the booking's language or else French. A stay
 * whose property has no instructions is left unclaimed: written later, they still go before arrival.
 */
export class ArrivalInstructions {
  constructor(private readonly options: ArrivalInstructionsOptions) {}

  /** Answers how many e-mails were queued. */
  async run(today: string = this.options.today()): Promise<number> {
    const { db, repository, bookings, notifier, days } = this.options;
    const due = await repository.dueForArrivalInstructions(today, addDays(today, days));
    let queued = 0;
    for (const id of due) {
      await db.transaction(async (tx) => {
        const view = await bookings.view(id, tx);
        if (!view || view.booking.status !== 'confirmed') return;
        const text = arrivalInstructionsIn(view.propertyArrivalInstructions, asLanguage(view.booking.language));
        if (!text || !(await repository.claimNotice(tx, id, 'arrival_instructions'))) return;
        await notifier.arrivalInstructions(tx, view, text);
        queued++;
      });
    }
    if (queued) this.options.log.info({ queued }, 'arrival instructions queued');
    return queued;
  }
}
