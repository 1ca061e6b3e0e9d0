import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import type { ProviderAccess } from './provider-access.ts';
import type { Refunds } from './refunds.ts';
import type { ReturnUrls } from './return-urls.ts';
import type { Settlement } from './settlement.ts';

/** What a payment flow (Stripe Checkout, PayPal orders) works with, besides its own provider's gateway. */
export interface PaymentContext {
  db: Database;
  bookings: BookingsRepository;
  lifecycle: BookingLifecycle;
  payments: PaymentsRepository;
  settlement: Settlement;
  refunds: Refunds;
  providers: ProviderAccess;
  returnUrls: ReturnUrls;
  log: FastifyBaseLogger;
}
