import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { CancelReason, PaymentMethod } from '@roomweek/contract';
import type { BookingEvents } from '../app/bookings/booking-lifecycle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Request durations in seconds: a cached read is well under a millisecond, a booking a few, a full list under one second. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's Prometheus metrics (prom-client), served at /metrics when METRICS_TOKEN is set
 * (routes/metrics/index.ts). Counters are per process: sum them over instances. The database gauges (outbox, payments)
 * are read at each scrape by the refreshers the application tier adds, and are the same on every instance: take one
 * (max), not the sum. docs/decisions/0022-storage-instances-operations.md.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route (its pattern; "unmatched" for no route) and status code: rate and latency',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly created = new Counter({
    name: 'roomweek_bookings_created_total',
    help: 'Bookings created (on site: confirmed at once; card and PayPal: a pending hold), by payment method',
    labelNames: ['payment_method'] as const,
    registers: [this.registry],
  });
  private readonly confirmed = new Counter({
    name: 'roomweek_bookings_confirmed_total',
    help: 'Bookings that became confirmed (on site at creation, or paid)',
    registers: [this.registry],
  });
  private readonly cancelled = new Counter({
    name: 'roomweek_bookings_cancelled_total',
    help: 'Bookings cancelled by the guest, an admin, or a refused payment (released holds are counted apart)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly holdsReleased = new Counter({
    name: 'roomweek_holds_released_total',
    help: 'Unpaid holds released because their time ran out (by the hold job, a new booking of the room, or an expired Stripe session)',
    registers: [this.registry],
  });
  private readonly refreshers: Array<() => Promise<void>> = [];

  constructor(readonly enabled: boolean) {
    if (enabled) collectDefaultMetrics({ register: this.registry });
  }

  /** What the booking life cycle reports as its transitions are written. */
  readonly bookings: BookingEvents = {
    opened: (method: PaymentMethod) => this.created.inc({ payment_method: method }),
    confirmed: () => this.confirmed.inc(),
    cancelled: (reason: CancelReason, count = 1) => {
      if (count <= 0) return;
      if (reason === 'expired') this.holdsReleased.inc(count);
      else this.cancelled.inc({ reason }, count);
    },
  };

  /** Adds work done before each scrape (reading gauges from the database). */
  beforeScrape(refresh: () => Promise<void>): void {
    this.refreshers.push(refresh);
  }

  /** The text exposition; a refresher that fails leaves its gauges as they were (it logs its own error). */
  async scrape(): Promise<string> {
    await Promise.all(this.refreshers.map((refresh) => refresh()));
    return this.registry.metrics();
  }
}

/** The metrics object, and when metrics are on, the request timer on every route. */
export default fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    const metrics = new AppMetrics(enabled);
    app.decorate('metrics', metrics);
    if (!enabled) return;
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'metrics' },
);
