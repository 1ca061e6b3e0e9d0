import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { migrationNames } from '../../../db/client.ts';
import { OperationsRepository } from './operations-repository.ts';

export type Readiness = { ready: true } | { ready: false; reason: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /api/ready's answer: the database answers and has every migration this code knows. */
    readiness: () => Promise<Readiness>;
    /** GET /api/health's question: does the database answer at all. Throws its error when it does not. */
    databasePing: () => Promise<void>;
  }
}

/**
 * The operator's view of this instance: readiness (routes/api/system) and, when metrics are on, the gauges read from
 * the database at each scrape — the outbox's backlog, the payments and refunds still waiting, the iCal feeds' sync lag
 * (docs/decisions/0022-storage-instances-operations.md).
 */
export default fp(
  async (app) => {
    const repository = new OperationsRepository(app.db);
    const expected = await migrationNames();
    app.decorate('databasePing', () => repository.ping());
    app.decorate('readiness', async (): Promise<Readiness> => {
      try {
        const missing = await repository.missingMigrations(expected);
        return missing.length ? { ready: false, reason: `migrations not applied: ${missing.join(', ')}` } : { ready: true };
      } catch (error) {
        if (!app.databaseOutage.report(error, 'readiness')) app.log.warn({ err: error }, 'readiness: the database does not answer');
        return { ready: false, reason: 'the database does not answer' };
      }
    });

    if (!app.metrics.enabled) return;
    const registers = [app.metrics.registry];
    const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
    const databaseUp = gauge('roomweek_database_up', '1 when the last scrape could read the database, else 0 (the gauges below then keep their last values)');
    const outboxMessages = gauge('roomweek_outbox_backlog_messages', 'Outbox messages (e-mail, WhatsApp) waiting to be sent or being sent');
    const outboxOldest = gauge('roomweek_outbox_oldest_pending_age_seconds', 'Age of the oldest outbox message still waiting; 0 when none');
    const openPayments = gauge('roomweek_payments_open_attempts', 'Payments still open (Stripe sessions, PayPal orders) of bookings still pending');
    const paymentLag = gauge(
      'roomweek_payments_reconciliation_lag_seconds',
      'Age of the oldest open payment of a pending booking: a lost webhook leaves it to reconciliation, so this growing far past the hold time means reconciliation is behind',
    );
    const pendingRefunds = gauge('roomweek_refunds_pending', 'Refunds the provider has not confirmed yet');
    const refundLag = gauge('roomweek_refunds_oldest_pending_age_seconds', 'Age of the oldest refund not yet confirmed; 0 when none');
    const icalFeeds = gauge('roomweek_ical_feeds', 'Imported iCal feeds (Airbnb, Booking.com…) of bookable rooms');
    const icalFailing = gauge('roomweek_ical_feeds_failing', 'Imported iCal feeds whose last fetch failed (their last good blocks are kept)');
    const icalLag = gauge(
      'roomweek_ical_sync_lag_seconds',
      'Age of the oldest last successful sync of an imported feed (never synced: since it was added); far past ICAL_SYNC_MINUTES means a feed keeps failing or the job is behind',
    );
    app.metrics.beforeScrape(async () => {
      try {
        const [outbox, payments, calendars] = await Promise.all([repository.outboxBacklog(), repository.paymentsBacklog(), repository.calendarSync()]);
        icalFeeds.set(calendars.feeds);
        icalFailing.set(calendars.failing);
        icalLag.set(calendars.oldestSyncAgeSeconds);
        outboxMessages.set(outbox.messages);
        outboxOldest.set(outbox.oldestAgeSeconds);
        openPayments.set(payments.openAttempts);
        paymentLag.set(payments.oldestOpenAttemptAgeSeconds);
        pendingRefunds.set(payments.pendingRefunds);
        refundLag.set(payments.oldestPendingRefundAgeSeconds);
        databaseUp.set(1);
      } catch (error) {
        if (!app.databaseOutage.report(error, 'metrics')) app.log.warn({ err: error }, 'metrics: could not read the database gauges');
        databaseUp.set(0);
      }
    });
  },
  { name: 'operations', dependencies: ['db', 'metrics'] },
);
