import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { BalancesRepository } from '../balances/balances-repository.ts';
import { Cancellations } from './cancellations.ts';
import { PaymentsRepository } from './payments-repository.ts';
import { PaypalGateway } from './paypal-gateway.ts';
import { PaypalOrders } from './paypal-orders.ts';
import { PaypalWebhook } from './paypal-webhook.ts';
import { ProviderAccess } from './provider-access.ts';
import { Reconciliation } from './reconciliation.ts';
import { Refunds } from './refunds.ts';
import { ReturnUrls } from './return-urls.ts';
import { Settlement } from './settlement.ts';
import { StripeCheckout } from './stripe-checkout.ts';
import { StripeGateway } from './stripe-gateway.ts';

export interface Payments {
  checkout: StripeCheckout;
  paypal: PaypalOrders;
  paypalWebhook: PaypalWebhook;
  refunds: Refunds;
  cancellations: Cancellations;
  reconciliation: Reconciliation;
  /** What the balances plugin builds on (decision 0044). */
  settlement: Settlement;
  stripe: StripeGateway;
  providers: ProviderAccess;
  returnUrls: ReturnUrls;
  repository: PaymentsRepository;
  balances: BalancesRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
    /** Background payment work; tests (JOBS=false) call `runOnce`. */
    paymentJobs: { holds: IntervalJob; reconcile: IntervalJob };
  }
}

/** Card and PayPal payments, plus the jobs that release expired holds and reconcile payments whose webhook never came. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const log = app.log.child({ module: 'payments' });
    const stripe = new StripeGateway(config.STRIPE_API_URL);
    const paypal = new PaypalGateway(config.PAYPAL_API_URL);
    const db = app.db;
    const bookings = app.bookingsRepository;
    const lifecycle = app.bookingLifecycle;
    const payments = new PaymentsRepository(db);
    const providers = new ProviderAccess(app.settingsService, log);
    const returnUrls = new ReturnUrls(config.PUBLIC_URL, config.allowedOrigins);
    const invoicing = app.invoicing;
    const refunds = new Refunds({ payments, providers, stripe, paypal, invoicing, log });
    const settlement = new Settlement({ db, bookings, lifecycle, payments, refunds, invoicing, log });
    const shared = { db, bookings, lifecycle, payments, settlement, refunds, providers, returnUrls, log };
    const checkout = new StripeCheckout({ ...shared, stripe });
    const orders = new PaypalOrders({ ...shared, paypal });
    const paypalWebhook = new PaypalWebhook({ db, payments, providers, paypal, orders, settlement, refunds, webhookId: config.PAYPAL_WEBHOOK_ID, apiUrl: config.PAYPAL_API_URL, log });
    const reconciliation = new Reconciliation({ db, lifecycle, payments, providers, checkout, orders, refunds, stripe, paypal, log });

    const balances = new BalancesRepository(db);
    const cancellations = new Cancellations({ db, bookings, lifecycle, payments, refunds, balances, timeZone: config.TZ_SITE, log });
    app.decorate('payments', {
      checkout,
      paypal: orders,
      paypalWebhook,
      refunds,
      cancellations,
      reconciliation,
      settlement,
      stripe,
      providers,
      returnUrls,
      repository: payments,
      balances,
    });
    app.decorate('paymentJobs', {
      holds: intervalJob(app, {
        name: 'payment-holds',
        everyMs: 30_000,
        enabled: config.JOBS,
        run: async () => {
          await reconciliation.releaseExpiredHolds();
        },
      }),
      reconcile: intervalJob(app, {
        name: 'payment-reconciliation',
        everyMs: 2 * 60_000,
        enabled: config.JOBS,
        run: async () => {
          await reconciliation.reconcile();
        },
      }),
    });
  },
  { name: 'payments', dependencies: ['services', 'invoices'] },
);
