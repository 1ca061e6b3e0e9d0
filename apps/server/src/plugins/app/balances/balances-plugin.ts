import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { BalanceCharges } from './balance-charges.ts';
import { BalanceJob } from './balance-job.ts';
import { BalancesService } from './balances-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    balances: BalancesService;
    /** Reminders, automatic charges and overdue balances; tests (JOBS=false) call `balanceJob.run(today)`. */
    balanceJob: BalanceJob;
    balanceJobTimer: IntervalJob;
  }
}

/** A deposit now, the balance later (docs/decisions/0044-deposits-and-balances.md). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const log = app.log.child({ module: 'balances' });
    const { payments } = app;
    const charges = new BalanceCharges({
      db: app.db,
      payments: payments.repository,
      providers: payments.providers,
      stripe: payments.stripe,
      settlement: payments.settlement,
      notifier: app.notifier,
      log,
    });
    app.decorate(
      'balances',
      new BalancesService({
        db: app.db,
        bookings: app.bookingsRepository,
        repository: payments.balances,
        payments: payments.repository,
        settings: app.settingsService,
        providers: payments.providers,
        returnUrls: payments.returnUrls,
        checkout: payments.checkout,
        orders: payments.paypal,
        charges,
        invoicing: app.invoicing,
      }),
    );
    const job = new BalanceJob({
      db: app.db,
      repository: payments.balances,
      bookings: app.bookingsRepository,
      notifier: app.notifier,
      charges,
      cancellations: payments.cancellations,
      today: () => app.bookingsService.today(),
      log,
    });
    app.decorate('balanceJob', job);
    app.decorate(
      'balanceJobTimer',
      intervalJob(app, {
        name: 'balances',
        everyMs: config.BALANCE_JOB_MINUTES * 60_000,
        enabled: config.JOBS,
        run: async () => {
          await job.run();
        },
      }),
    );
  },
  { name: 'balances', dependencies: ['payments', 'invoices'] },
);
