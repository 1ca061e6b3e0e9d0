import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PaymentStatus, type PaymentStatusResponse } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { findBooking } from '../bookings/booking-lifecycle.ts';
import { CAPTURE_HOLD_MINUTES, isReleasedHold, PENDING_CAPTURE_HOLD_DAYS } from '../bookings/hold-policy.ts';
import type { BookingRow, BookingView } from '../bookings/bookings-repository.ts';
import { localisedText } from '../content/translations.ts';
import type { PaymentContext } from './payment-context.ts';
import { PaypalError, type OrderState, type PaypalCredentials, type PaypalGateway } from './paypal-gateway.ts';
import { notPayable } from './provider-access.ts';
import { assertPayable, balancePaymentStatus, paymentStatusOf, type SettlementOutcome } from './settlement.ts';
import { balanceOpen, dueAtBookingCents } from '../balances/balance-schedule.ts';

/** Capture statuses that end a capture without money: the payment failed. */
const FAILED_CAPTURES = new Set(['DECLINED', 'DENIED', 'FAILED']);

/** The PayPal-Request-Id of a capture: derived from the booking (and its order), so retries are answered, not charged. */
export const paypalCaptureRequestId = (bookingId: string, orderId: string, refusals = 0) => `capture-${bookingId}-${orderId}-${refusals}`;

export interface PaypalOrdersOptions extends PaymentContext {
  paypal: PaypalGateway;
}

/** The property's name as the guest reads it: in the booking's language where translated (docs/behaviour.md §15). */
function guestsPropertyName({ booking, propertyName, propertyTranslations }: BookingView): string {
  const language = (LANGUAGES as readonly string[]).includes(booking.language) ? (booking.language as Language) : DEFAULT_LANGUAGE;
  return localisedText(propertyName, propertyTranslations, 'name', language).text;
}

/** PayPal payments through Orders v2: creating the order, capturing it once approved. */
export class PaypalOrders {
  constructor(private readonly options: PaypalOrdersOptions) {}

  private view(bookingId: string): Promise<BookingView> {
    return findBooking(this.options.bookings, bookingId);
  }

  /** Creates a PayPal order for the booking's total in EUR, returning to this site only. */
  async createOrder(user: UserRow, body: { booking_id: string; return_url?: string | undefined; cancel_url?: string | undefined }): Promise<{ order_id: string }> {
    const { returnUrls, payments } = this.options;
    const returnUrl = returnUrls.url(body.return_url, '/paypal-success', 'return_url');
    const cancelUrl = returnUrls.url(body.cancel_url, '/payment-cancel', 'cancel_url');
    const view = await this.view(body.booking_id);
    assertPayable(view, user, 'paypal');
    const { booking } = view;
    // Money already on its way for this booking: a second order would charge twice.
    if (booking.paypalOrderId && (await payments.paypalAttempt(booking.paypalOrderId))?.captureStatus === 'PENDING') {
      throw notPayable('A payment for this booking is being processed');
    }
    const amountCents = dueAtBookingCents(booking);
    const order = await this.openOrder(view, { amountCents, purpose: 'booking', returnUrl, cancelUrl });
    await this.options.db.transaction(async (tx) => {
      const locked = await this.options.bookings.lock(tx, booking.id);
      if (!locked || locked.booking.status !== 'pending') throw notPayable('This booking can no longer be paid');
      await payments.insertAttempt(tx, { bookingId: booking.id, provider: 'paypal', externalId: order.id, amountCents });
      await payments.recordPaypalOrder(tx, booking.id, order.id);
    });
    return { order_id: order.id };
  }

  /** Opens a PayPal order for the booking's deposit or total (`booking`) or its balance, in EUR, the server's amount. */
  async openOrder(view: BookingView, pay: { amountCents: number; purpose: 'booking' | 'balance'; returnUrl: string; cancelUrl: string }): Promise<OrderState> {
    const { booking } = view;
    const credentials = await this.options.providers.paypalCredentials();
    const count = await this.options.payments.countAttempts(booking.id, 'paypal');
    const what = pay.purpose === 'balance' ? 'Balance · ' : '';
    return this.options.providers.call('paypal.orders.create', () =>
      this.options.paypal.createOrder(credentials, {
        bookingId: booking.id,
        amountCents: pay.amountCents,
        description: `${what}Room ${view.roomNumber} · ${guestsPropertyName(view)} · ${booking.startDate} → ${booking.endDate}`,
        returnUrl: pay.returnUrl,
        cancelUrl: pay.cancelUrl,
        // A double click sends the same id: PayPal answers the same order.
        requestId: `order-${booking.id}-${count}`,
      }),
    );
  }

  /**
   * Captures the booking's current PayPal order. The hold is (re)taken before any money moves, so a capture never
   * charges for dates someone else has; the PayPal-Request-Id is derived from the booking and order, so a retried
   * or concurrent capture cannot charge twice.
   */
  async captureOrder(user: UserRow, orderId: string): Promise<PaymentStatusResponse> {
    const attempt = await this.options.payments.paypalAttempt(orderId);
    if (!attempt) throw notFound('booking_not_found', 'No payment with this id');
    const { booking } = await this.view(attempt.bookingId);
    if (booking.userId !== user.id) throw forbidden('This payment belongs to someone else');
    const credentials = await this.options.providers.paypalCredentials();
    const getOrder = () => this.options.providers.call('paypal.orders.get', () => this.options.paypal.getOrder(credentials, orderId));
    if (attempt.purpose === 'balance') return this.captureBalance(credentials, booking, orderId, attempt.captureStatus, getOrder);
    if (booking.status === 'confirmed' || booking.refundStatus) return { payment_status: paymentStatusOf(booking) };

    if (attempt.captureStatus === 'PENDING') {
      // Captured already, PayPal still processing: never capture again, ask where it stands.
      return this.answer(await this.apply(await getOrder(), booking.id), booking.id);
    }
    if (booking.paypalOrderId !== orderId) throw notPayable('This order was replaced by a newer one');

    const hold = await this.retakeHold(booking.id);
    if (hold !== 'held') {
      // Not ours to capture any more; but an earlier capture (whose answer was lost) may have taken the money.
      const order = await getOrder();
      if (!order.paid && order.captureStatus !== 'PENDING') return { payment_status: hold };
      return this.answer(await this.apply(order, booking.id), booking.id);
    }

    const order = await this.options.providers.call('paypal.orders.capture', () => this.capture(credentials, booking.id, orderId));
    // A capture refused on the spot (no money moved) leaves the booking payable while its hold lasts.
    if (!order.paid && order.captureStatus !== 'PENDING') return { payment_status: 'unpaid' };
    return this.answer(await this.apply(order, booking.id), booking.id);
  }

  /**
   * Captures an approved order paying the balance (decision 0044): no nights to hold, the booking already confirmed.
   * The same request id rule as any capture, so a retry never charges twice; a balance no longer open is not captured.
   */
  private async captureBalance(
    credentials: PaypalCredentials,
    booking: BookingRow,
    orderId: string,
    captureStatus: string | null,
    getOrder: () => Promise<OrderState>,
  ): Promise<PaymentStatusResponse> {
    const settled = () => this.view(booking.id).then(({ booking: fresh }) => ({ payment_status: balancePaymentStatus(fresh) }));
    if (captureStatus === 'PENDING' || !balanceOpen(booking)) {
      const order = await getOrder();
      if (order.paid || order.captureStatus === 'PENDING') await this.apply(order, booking.id);
      if (!order.paid && order.captureStatus === 'PENDING') return { payment_status: 'pending' };
      return settled();
    }
    const order = await this.options.providers.call('paypal.orders.capture', () => this.capture(credentials, booking.id, orderId));
    if (!order.paid && order.captureStatus !== 'PENDING') return { payment_status: 'unpaid' };
    await this.apply(order, booking.id);
    if (!order.paid) return { payment_status: 'pending' };
    return settled();
  }

  /** What the guest is told once PayPal's word was applied. */
  private async answer(order: OrderState, bookingId: string): Promise<PaymentStatusResponse> {
    const { booking } = await this.view(bookingId);
    if (!order.paid && order.captureStatus === 'PENDING' && booking.status !== 'confirmed' && !booking.refundStatus) return { payment_status: 'pending' };
    return { payment_status: paymentStatusOf(booking) };
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
      const retakable = booking.status === 'pending' || isReleasedHold(booking);
      if (!retakable) return paymentStatusOf(booking);
      return (await this.options.lifecycle.retake(tx, bookingId, CAPTURE_HOLD_MINUTES)) === 'held' ? 'held' : 'expired';
    });
  }

  /** Applies what PayPal says of an order (`applyIn`) in its own transaction, then starts a refund if one is owed. Answers the order. */
  async apply(order: OrderState, bookingId: string): Promise<OrderState> {
    const outcome = await this.options.db.transaction((tx) => this.applyIn(tx, order, bookingId));
    if (outcome) await this.options.settlement.afterSettle(outcome);
    return order;
  }

  /**
   * PayPal's word on an order, applied in `tx` (the capture's answer, the webhook, reconciliation): a COMPLETED capture
   * is settled (confirmed, or owed back); a PENDING one keeps the booking held and its attempt open; a DECLINED or
   * DENIED one ends the attempt and, after PENDING, releases the booking's hold (payment_failed).
   */
  async applyIn(tx: Executor, order: OrderState, bookingId: string): Promise<SettlementOutcome | undefined> {
    const { payments } = this.options;
    if (order.paid) {
      await payments.recordCapture(tx, order.id, order.captureId, 'COMPLETED');
      return this.options.settlement.settle(tx, {
        provider: 'paypal',
        bookingId,
        reference: order.captureId ?? order.id,
        amountCents: order.amountCents,
        currency: order.currency,
        externalId: order.id,
      });
    }
    if (order.captureStatus === 'PENDING') await this.awaitCapture(tx, order, bookingId);
    else if (order.captureStatus && FAILED_CAPTURES.has(order.captureStatus)) await this.failCapture(tx, order, bookingId);
    return undefined;
  }

  /**
   * The first PENDING answer of a capture: the booking's nights are kept for `PENDING_CAPTURE_HOLD_DAYS` (taken back if
   * its hold was released meanwhile and they are still free). Later ones change nothing: the bound is not renewed.
   */
  private async awaitCapture(tx: Executor, order: OrderState, bookingId: string): Promise<void> {
    const locked = await this.options.bookings.lock(tx, bookingId);
    if (!locked || !(await this.options.payments.recordCapture(tx, order.id, order.captureId, 'PENDING'))) return;
    const { booking } = locked;
    const holdable = booking.status === 'pending' || isReleasedHold(booking);
    const hold = holdable ? await this.options.lifecycle.awaitPayment(tx, bookingId, PENDING_CAPTURE_HOLD_DAYS) : 'not held';
    this.options.log.info({ bookingId, orderId: order.id, hold }, 'PayPal capture pending: waiting for PayPal to complete or deny it');
  }

  /**
   * PayPal refused a capture: its attempt is closed. When that capture was PENDING (money we were waiting for), the
   * booking it was paying, still held for it, is released. A capture refused on the spot leaves the hold to run out.
   */
  private async failCapture(tx: Executor, order: OrderState, bookingId: string): Promise<void> {
    const { payments } = this.options;
    const locked = await this.options.bookings.lock(tx, bookingId);
    const wasPending = (await payments.paypalAttempt(order.id, tx))?.captureStatus === 'PENDING';
    await payments.recordCapture(tx, order.id, order.captureId, order.captureStatus!);
    await payments.closeAttempt('paypal', order.id, tx);
    if (wasPending && locked?.booking.status === 'pending' && locked.booking.paypalOrderId === order.id) {
      await this.options.lifecycle.failPayment(tx, bookingId);
      this.options.log.info({ bookingId, orderId: order.id, status: order.captureStatus }, 'PayPal refused the capture: booking released');
    }
  }
}
