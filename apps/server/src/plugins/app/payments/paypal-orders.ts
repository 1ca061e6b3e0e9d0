import type { FastifyBaseLogger } from 'fastify';
import type { CreateOrderBody, CreateOrderResponse, PaymentStatus, PaymentStatusResponse } from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle.ts';
import type { BookingsRepository, BookingView } from '../bookings/bookings-repository.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import { PaypalError, type OrderState, type PaypalCredentials, type PaypalGateway } from './paypal-gateway.ts';
import { notPayable, type ProviderAccess } from './provider-access.ts';
import type { ReturnUrls } from './return-urls.ts';
import { assertPayable, paymentStatusOf, type Settlement, type SettlementOutcome } from './settlement.ts';

/** How long a PayPal capture may take once started: the hold is (re)taken for at least this long. */
const CAPTURE_HOLD_MINUTES = 10;

/** The PayPal-Request-Id of a capture: derived from the booking (and its order), so retries are answered, not charged. */
export const paypalCaptureRequestId = (bookingId: string, orderId: string, refusals = 0) => `capture-${bookingId}-${orderId}-${refusals}`;

export interface PaypalOrdersOptions {
  db: Database;
  bookings: BookingsRepository;
  lifecycle: BookingLifecycle;
  payments: PaymentsRepository;
  settlement: Settlement;
  providers: ProviderAccess;
  returnUrls: ReturnUrls;
  paypal: PaypalGateway;
  log: FastifyBaseLogger;
}

/** PayPal payments through Orders v2: creating the order, capturing it once approved. */
export class PaypalOrders {
  constructor(private readonly options: PaypalOrdersOptions) {}

  private async view(bookingId: string): Promise<BookingView> {
    const view = await this.options.bookings.view(bookingId);
    if (!view) throw notFound('booking_not_found', 'Booking not found');
    return view;
  }

  /** Creates a PayPal order for the booking's total in EUR, returning to this site only. */
  async createOrder(user: UserRow, body: { booking_id: string; return_url?: string | undefined; cancel_url?: string | undefined }): Promise<{ order_id: string }> {
    const { returnUrls, payments, providers } = this.options;
    const returnUrl = returnUrls.url(body.return_url, '/paypal-success', 'return_url');
    const cancelUrl = returnUrls.url(body.cancel_url, '/payment-cancel', 'cancel_url');
    const view = await this.view(body.booking_id);
    assertPayable(view, user, 'paypal');
    const { booking } = view;
    const credentials = await providers.paypalCredentials();
    const count = await payments.countAttempts(booking.id, 'paypal');
    const order = await providers.call('paypal.orders.create', () =>
      this.options.paypal.createOrder(credentials, {
        bookingId: booking.id,
        amountCents: booking.totalCents,
        description: `Room ${view.roomNumber} · ${view.propertyName} · ${booking.startDate} → ${booking.endDate}`,
        returnUrl,
        cancelUrl,
        // A double click sends the same id: PayPal answers the same order.
        requestId: `order-${booking.id}-${count}`,
      }),
    );
    await this.options.db.transaction(async (tx) => {
      const locked = await this.options.bookings.lock(tx, booking.id);
      if (!locked || locked.booking.status !== 'pending') throw notPayable('This booking can no longer be paid');
      await payments.insertAttempt(tx, { bookingId: booking.id, provider: 'paypal', externalId: order.id, amountCents: booking.totalCents });
      await payments.recordPaypalOrder(tx, booking.id, order.id);
    });
    return { order_id: order.id };
  }

  /**
   * Captures the booking's current PayPal order. The hold is (re)taken before any money moves, so a capture never
   * charges for dates someone else has; the PayPal-Request-Id is derived from the booking and order, so a retried
   * or concurrent capture cannot charge twice.
   */
  async captureOrder(user: UserRow, orderId: string): Promise<PaymentStatusResponse> {
    const bookingId = await this.options.payments.bookingOfAttempt('paypal', orderId);
    if (!bookingId) throw notFound('booking_not_found', 'No payment with this id');
    const { booking } = await this.view(bookingId);
    if (booking.userId !== user.id) throw forbidden('This payment belongs to someone else');
    if (booking.status === 'confirmed' || booking.refundStatus) return { payment_status: paymentStatusOf(booking) };
    if (booking.paypalOrderId !== orderId) throw notPayable('This order was replaced by a newer one');
    const credentials = await this.options.providers.paypalCredentials();

    const hold = await this.retakeHold(booking.id);
    if (hold !== 'held') {
      // Not ours to capture any more; but an earlier capture (whose answer was lost) may have taken the money.
      const order = await this.options.providers.call('paypal.orders.get', () => this.options.paypal.getOrder(credentials, orderId));
      if (!order.paid) return { payment_status: hold };
      await this.settle(order, booking.id);
      return { payment_status: paymentStatusOf((await this.view(booking.id)).booking) };
    }

    const order = await this.options.providers.call('paypal.orders.capture', () => this.capture(credentials, booking.id, orderId));
    if (!order.paid) return { payment_status: order.captureStatus === 'PENDING' ? 'pending' : 'unpaid' };
    await this.settle(order, booking.id);
    return { payment_status: paymentStatusOf((await this.view(booking.id)).booking) };
  }

  /**
   * One capture call. Its PayPal-Request-Id is derived from the booking and order (and the count of outright refusals),
   * so a retry after a lost answer is answered with the first capture instead of charging again.
   */
  async capture(credentials: PaypalCredentials, bookingId: string, orderId: string): Promise<OrderState> {
    const refusals = await this.options.payments.captureRefusals(orderId);
    try {
      return await this.options.paypal.captureOrder(credentials, orderId, paypalCaptureRequestId(bookingId, orderId, refusals));
    } catch (error) {
      // A definite refusal moved no money: the next try may use a new id. A lost answer or an outage keeps the id.
      if (error instanceof PaypalError && error.status >= 400 && error.status < 500 && ![401, 408, 409, 429].includes(error.status)) {
        await this.options.payments.countCaptureRefusal(orderId);
      }
      throw error;
    }
  }

  /** Before a capture: keep (or take back) the booking's nights, or say why not. */
  async retakeHold(bookingId: string): Promise<'held' | PaymentStatus> {
    return this.options.db.transaction(async (tx) => {
      const locked = await this.options.bookings.lock(tx, bookingId);
      if (!locked) throw notFound('booking_not_found', 'Booking not found');
      const { booking } = locked;
      if (booking.status === 'confirmed') return 'paid';
      const retakable = booking.status === 'pending' || (booking.cancelReason === 'expired' && !booking.refundStatus);
      if (!retakable) return paymentStatusOf(booking);
      return (await this.options.lifecycle.retake(tx, bookingId, CAPTURE_HOLD_MINUTES)) === 'held' ? 'held' : 'expired';
    });
  }

  /** Settles a completed order in its own transaction, then starts its refund if one is owed. */
  settle(order: OrderState, bookingId: string): Promise<SettlementOutcome> {
    return this.options.settlement.settleNow({
      provider: 'paypal',
      bookingId,
      reference: order.captureId ?? order.id,
      amountCents: order.amountCents,
      currency: order.currency,
      externalId: order.id,
    });
  }
}
