import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { PaymentsService } from './payments-service.ts';
import { PaypalGateway } from './paypal-gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    paymentsService: PaymentsService;
    /** Background payment work; tests (JOBS=false) call `runOnce`. */
    paymentJobs: { holds: IntervalJob; reconcile: IntervalJob };
  }
}

/** Card and PayPal payments, plus the jobs that release expired holds and reconcile payments whose webhook never came. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const payments = new PaymentsService({
      db: app.db,
      bookings: app.bookingsService,
      settings: app.settingsService,
      notifier: app.notifier,
      stripe: new StripeGateway(config.STRIPE_API_URL),
      paypal: new PaypalGateway(config.PAYPAL_API_URL),
      publicUrl: config.PUBLIC_URL,
      allowedOrigins: config.allowedOrigins,
      log: app.log.child({ module: 'payments' }),
    });
    app.decorate('paymentsService', payments);
    app.decorate('paymentJobs', {
      holds: intervalJob(app, {
        name: 'payment-holds',
        everyMs: 30_000,
        enabled: config.JOBS,
        run: async () => {
          await payments.releaseExpiredHolds();
        },
      }),
      reconcile: intervalJob(app, {
        name: 'payment-reconciliation',
        everyMs: 2 * 60_000,
        enabled: config.JOBS,
        run: async () => {
          await payments.reconcile();
        },
      }),
    });
  },
  { name: 'payments', dependencies: ['services'] },
);
