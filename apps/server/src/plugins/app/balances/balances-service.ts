import { toCents, toEuros, type Booking, type BookingPayment, type OverdueBalance, type PaymentTerms, type RecordedPaymentMethod } from '@roomweek/contract';
import type { z } from 'zod';
import type { AdminBalanceBody, PayBalanceBody, RecordPaymentBody } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { findBooking } from '../bookings/booking-lifecycle.ts';
import { toBooking, type BookingRow, type BookingsRepository, type BookingView } from '../bookings/bookings-repository.ts';
import type { Invoicing } from '../invoices/invoicing.ts';
import type { PaymentsRepository } from '../payments/payments-repository.ts';
import type { PaypalOrders } from '../payments/paypal-orders.ts';
import type { ProviderAccess } from '../payments/provider-access.ts';
import type { ReturnUrls } from '../payments/return-urls.ts';
import { successUrl, type StripeCheckout } from '../payments/stripe-checkout.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { balanceOpen, owedCents } from './balance-schedule.ts';
import type { BalanceCharges } from './balance-charges.ts';
import type { BalancesRepository } from './balances-repository.ts';

/** Stripe keeps a Checkout Session open at most 24 hours; a balance's is opened for almost that long. */
const BALANCE_SESSION_MS = 23 * 60 * 60_000 + 55 * 60_000;

export interface BalancesServiceOptions {
  db: Database;
  bookings: BookingsRepository;
  repository: BalancesRepository;
  payments: PaymentsRepository;
  settings: Pick<SettingsService, 'paymentTerms' | 'setPaymentTerms'>;
  providers: ProviderAccess;
  returnUrls: ReturnUrls;
  checkout: StripeCheckout;
  orders: PaypalOrders;
  charges: BalanceCharges;
  invoicing: Invoicing;
}

const nothingDue = () => conflict('nothing_due', 'Nothing is due on this booking');

/**
 * Deposits and balances (docs/decisions/0044-deposits-and-balances.md): the site's terms, the guest paying the balance,
 * the owner's hand on it, and money received outside the providers. Every write locks the booking first, so two clicks
 * or two instances never pay, record or waive one balance twice.
 */
export class BalancesService {
  constructor(private readonly options: BalancesServiceOptions) {}

  terms(): Promise<PaymentTerms> {
    return this.options.settings.paymentTerms();
  }

  updateTerms(terms: PaymentTerms): Promise<PaymentTerms> {
    return this.options.settings.setPaymentTerms(terms);
  }

  /** The guest pays the balance: a Checkout Session (reused while open) or a PayPal order for exactly the balance. */
  async pay(user: UserRow, id: string, body: z.output<typeof PayBalanceBody>): Promise<{ url: string } | { order_id: string }> {
    const view = await findBooking(this.options.bookings, id);
    if (view.booking.userId !== user.id) throw forbidden('This booking belongs to someone else');
    if (!balanceOpen(view.booking)) throw nothingDue();
    return body.payment_method === 'stripe' ? this.payByCard(view, body.host_url) : this.payByPaypal(view, body);
  }

  private async payByCard(view: BookingView, hostUrl: string | undefined): Promise<{ url: string }> {
    const { providers, checkout, payments } = this.options;
    const base = this.options.returnUrls.base(hostUrl);
    const key = await providers.stripeKey();
    const reusable = await checkout.reusableSession(key, view.booking.id, 'balance');
    if (reusable) return { url: reusable.paid || reusable.status === 'complete' ? successUrl(base, reusable.id) : reusable.url! };
    const session = await checkout.createSession(key, view, base, {
      amountCents: view.booking.balanceCents,
      purpose: 'balance',
      expiresAt: new Date(Date.now() + BALANCE_SESSION_MS),
    });
    const claimed = await this.options.db.transaction(async (tx) => {
      const booking = await this.lockOpenBalance(tx, view.booking.id);
      const [other] = await payments.openAttempts(booking.id, 'stripe', 'balance', tx);
      if (other?.url) return other.url;
      await payments.insertAttempt(tx, {
        bookingId: booking.id,
        provider: 'stripe',
        purpose: 'balance',
        externalId: session.id,
        amountCents: booking.balanceCents,
        url: session.url,
        expiresAt: session.expiresAt,
      });
      return session.url;
    });
    if (claimed !== session.url) await checkout.expireUnused(key, session.id);
    if (!claimed) throw nothingDue();
    return { url: claimed };
  }

  private async payByPaypal(view: BookingView, body: z.output<typeof PayBalanceBody>): Promise<{ order_id: string }> {
    const { returnUrls, payments } = this.options;
    const returnUrl = returnUrls.url(body.return_url, '/paypal-success', 'return_url');
    const cancelUrl = returnUrls.url(body.cancel_url, '/payment-cancel', 'cancel_url');
    const order = await this.options.orders.openOrder(view, { amountCents: view.booking.balanceCents, purpose: 'balance', returnUrl, cancelUrl });
    await this.options.db.transaction(async (tx) => {
      const booking = await this.lockOpenBalance(tx, view.booking.id);
      await payments.insertAttempt(tx, { bookingId: booking.id, provider: 'paypal', purpose: 'balance', externalId: order.id, amountCents: booking.balanceCents });
    });
    return { order_id: order.id };
  }

  /** The owner charges the saved card now, records the balance as paid by hand, or waives it. */
  async manage(user: UserRow, id: string, body: z.output<typeof AdminBalanceBody>): Promise<Booking> {
    if (body.action === 'charge_now') {
      const view = await findBooking(this.options.bookings, id);
      if (!balanceOpen(view.booking)) throw nothingDue();
      if (!view.booking.balanceAutoCharge || !view.booking.stripeCustomerId || !view.booking.stripePaymentMethodId) {
        throw conflict('no_saved_card', 'The guest saved no card for this balance');
      }
      await this.options.charges.charge(view, 'now');
      return toBooking(await findBooking(this.options.bookings, id));
    }
    await this.options.db.transaction(async (tx) => {
      const booking = await this.lockOpenBalance(tx, id);
      if (body.action === 'waive') {
        await this.options.bookings.update(tx, id, { balanceStatus: 'waived' });
        return;
      }
      const owed = owedCents(booking);
      if (owed === 0) {
        await this.options.bookings.update(tx, id, { balanceStatus: 'paid' });
        return;
      }
      await this.receive(tx, booking, user, { amountCents: owed, method: body.method ?? 'bank_transfer', note: body.note, kind: 'balance' });
    });
    return toBooking(await findBooking(this.options.bookings, id));
  }

  /**
   * Money received on site, by bank transfer or on a card terminal: never more than is still owed (400 overpayment).
   * For a card or PayPal booking it pays (part of) the balance; what covers the total marks the balance paid.
   */
  async recordPayment(user: UserRow, id: string, body: z.output<typeof RecordPaymentBody>): Promise<Booking> {
    const amountCents = toCents(body.amount);
    await this.options.db.transaction(async (tx) => {
      const locked = await this.options.bookings.lock(tx, id);
      if (!locked) throw notFound('booking_not_found', 'Booking not found');
      const { booking } = locked;
      // A card or PayPal booking not yet confirmed is paid through its provider first.
      const payable = booking.status === 'confirmed' || (booking.status === 'pending' && booking.paymentMethod === 'on_site');
      const owed = payable ? owedCents(booking) : 0;
      if (owed === 0) throw nothingDue();
      if (amountCents > owed) {
        throw badRequest('overpayment', `At most €${toEuros(owed).toFixed(2)} is still owed on this booking`, 'amount');
      }
      await this.receive(tx, booking, user, { amountCents, method: body.method, note: body.note, kind: balanceOpen(booking) ? 'balance' : 'recorded' });
    });
    return toBooking(await findBooking(this.options.bookings, id));
  }

  /** Records money received by hand and invoices it; a balance covered by it is paid. The caller holds the lock. */
  private async receive(
    tx: Executor,
    booking: BookingRow,
    user: UserRow,
    money: { amountCents: number; method: RecordedPaymentMethod; note: string | undefined; kind: 'balance' | 'recorded' },
  ): Promise<void> {
    const reference = `manual-${crypto.randomUUID()}`;
    await this.options.payments.recordReceived(tx, {
      bookingId: booking.id,
      kind: money.kind,
      method: money.method,
      reference,
      amountCents: money.amountCents,
      note: money.note ?? '',
      recordedBy: user.id,
    });
    const paidCents = booking.paidCents + money.amountCents;
    const covered = paidCents >= booking.totalCents;
    if (covered && balanceOpen(booking)) await this.options.bookings.update(tx, booking.id, { balanceStatus: 'paid' });
    await this.options.invoicing.issueForPayment(tx, { ...booking, paidCents }, {
      provider: money.method,
      reference,
      amountCents: money.amountCents,
      part: money.kind === 'balance' ? 'balance' : 'payment',
    });
  }

  /** The booking, locked, whose balance is open; 409 nothing_due otherwise. */
  private async lockOpenBalance(tx: Executor, id: string): Promise<BookingRow> {
    const locked = await this.options.bookings.lock(tx, id);
    if (!locked) throw notFound('booking_not_found', 'Booking not found');
    if (!balanceOpen(locked.booking)) throw nothingDue();
    return locked.booking;
  }

  /** Every payment of a booking (admins and staff). */
  async payments(id: string): Promise<BookingPayment[]> {
    await findBooking(this.options.bookings, id);
    const rows = await this.options.repository.payments(id);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      method: row.method,
      amount: toEuros(row.amount_cents),
      refunded_amount: toEuros(row.refunded_cents),
      // A sum recorded by hand has an internal key, not a provider's reference.
      reference: row.method === 'stripe' || row.method === 'paypal' ? row.reference : null,
      note: row.note,
      received_at: row.received_at.toISOString(),
    }));
  }

  async overdue(): Promise<z.infer<typeof OverdueBalance>[]> {
    const rows = await this.options.repository.overdue();
    return rows.map((row) => ({
      booking_id: row.booking_id,
      user_name: row.user_name,
      room_number: row.room_number,
      property_name: row.property_name,
      start_date: row.start_date,
      balance_amount: toEuros(row.balance_cents),
      balance_due_date: row.balance_due_date!,
    }));
  }
}

