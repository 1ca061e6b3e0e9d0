import { BALANCE_REMINDER_DAYS } from '@roomweek/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { Cancellations } from '../payments/cancellations.ts';
import type { BalanceCharges } from './balance-charges.ts';
import type { BalanceStep, BalancesRepository } from './balances-repository.ts';

export interface BalanceJobOptions {
  db: Database;
  repository: BalancesRepository;
  bookings: Pick<BookingsRepository, 'view'>;
  notifier: Notifier;
  charges: BalanceCharges;
  cancellations: Pick<Cancellations, 'cancelUnpaidBalance' | 'sendRefunds'>;
  /** The site's today, from the app's one clock (BookingsService.today). */
  today: () => string;
  log: FastifyBaseLogger;
}

/** What one run did, for the logs and the tests. */
export interface BalanceRun {
  remindedSoon: number;
  remindedDue: number;
  charged: number;
  refused: number;
  overdue: number;
  cancelled: number;
}

/**
 * The balance job (decision 0044), every BALANCE_JOB_MINUTES on each instance: reminds the guest when the due date is
 * BALANCE_REMINDER_DAYS away or less (once) and on the due date (once), charges saved cards on the due date, and after
 * the grace days marks the balance overdue: the owner is told, and with `overdue_action: cancel` the booking is
 * cancelled under its cancellation terms. Each step claims its bookings in the transaction that acts on them (FOR
 * UPDATE SKIP LOCKED, the step's column set), so one instance acts on a booking, once.
 */
export class BalanceJob {
  constructor(private readonly options: BalanceJobOptions) {}

  async run(today: string = this.options.today()): Promise<BalanceRun> {
    const run: BalanceRun = { remindedSoon: 0, remindedDue: 0, charged: 0, refused: 0, overdue: 0, cancelled: 0 };
    // Saved cards first; their bookings get no due-day reminder (a refusal sends its own e-mail).
    for (const id of await this.claimOnly('charge', today)) {
      const view = await this.options.bookings.view(id);
      if (!view) continue;
      try {
        if ((await this.options.charges.charge(view, 'auto')) === 'succeeded') run.charged++;
        else run.refused++;
      } catch (error) {
        // Stripe unreachable, or its answer lost: tried again at the next run under the same key (never charged twice).
        this.options.log.warn({ err: error, bookingId: id }, 'automatic balance charge failed; will try again');
        await this.options.repository.chargeAgainLater(id);
      }
    }
    run.remindedSoon = await this.remind('remind_soon', today);
    run.remindedDue = await this.remind('remind_due', today);
    const refunds: string[] = [];
    await this.options.db.transaction(async (tx) => {
      for (const claimed of await this.options.repository.claim(tx, 'overdue', today, BALANCE_REMINDER_DAYS)) {
        const view = await this.options.bookings.view(claimed.id, tx);
        if (!view) continue;
        run.overdue++;
        await this.options.notifier.balanceOverdue(tx, view);
        if (claimed.overdue_action === 'cancel') {
          refunds.push(...(await this.options.cancellations.cancelUnpaidBalance(tx, view.booking.id)));
          run.cancelled++;
        }
      }
    });
    await this.options.cancellations.sendRefunds(refunds);
    if (Object.values(run).some((n) => n > 0)) this.options.log.info(run, 'balance job');
    return run;
  }

  /** Claims a step's bookings in a transaction of its own (the work happens after, outside it). */
  private claimOnly(step: BalanceStep, today: string): Promise<string[]> {
    return this.options.db.transaction(async (tx) => (await this.options.repository.claim(tx, step, today, BALANCE_REMINDER_DAYS)).map((row) => row.id));
  }

  /** Queues a reminder per claimed booking, in the transaction of the claim. */
  private remind(step: 'remind_soon' | 'remind_due', today: string): Promise<number> {
    return this.options.db.transaction(async (tx) => {
      let queued = 0;
      for (const claimed of await this.options.repository.claim(tx, step, today, BALANCE_REMINDER_DAYS)) {
        const view = await this.options.bookings.view(claimed.id, tx);
        if (!view) continue;
        await this.options.notifier.balanceReminder(tx, view, step === 'remind_soon' ? 'soon' : 'due');
        queued++;
      }
      return queued;
    });
  }
}
