import type { BookingStatus, CancelReason, PaymentMethod } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { siteToday } from '../../../lib/dates.ts';
import { conflict, notFound, sqlState } from '../../../lib/errors.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { holdCeiling, isReleasedHold } from './hold-policy.ts';
import { bookingTimes, type BookingChanges, type BookingRow, type BookingsRepository, type BookingTransition, type BookingView, type LockedBooking } from './bookings-repository.ts';

/**
 * A booking's life (docs/behaviour.md §4), in one place:
 *
 *   (new) ──open──▶ pending (a card/PayPal hold)  ──confirm──▶ confirmed
 *   (new) ──open──▶ confirmed (on site)
 *   (new) ──open──▶ pending without a hold (on site, when the owner approves on-site bookings)
 *   pending (on site) ──approve──▶ confirmed                (the owner accepts the request)
 *   pending (on site) ──decline──▶ cancelled (declined)     (the owner refuses it)
 *   pending ──releaseExpired / releaseForSession──▶ cancelled (expired)
 *   cancelled (expired) ──confirmReleased──▶ confirmed      (a late payment, while the nights are still free)
 *   cancelled (expired) ──retake──▶ pending                 (a PayPal capture about to run, nights still free)
 *   pending ──extendHold──▶ pending                         (a Stripe session opened: the hold lasts as long, up to its ceiling)
 *   pending | cancelled (expired) ──awaitPayment──▶ pending (a PayPal capture PENDING: money on its way, held for days)
 *   pending ──failPayment──▶ cancelled (payment_failed)     (the provider refused a payment it was processing)
 *   pending ──switchMethod──▶ pending (other provider) | confirmed (on site) | pending without a hold (on site, approval)
 *   pending | confirmed ──cancel──▶ cancelled (user, admin)
 *
 * Each transition takes the booking's row lock, checks the state it starts from, writes the new state and the
 * outbox messages it causes in the caller's transaction. Nothing else writes `bookings.status`.
 *
 * A hold's ceiling (hold-policy.ts): no payment call stretches a hold past it (retake, extendHold). Only `awaitPayment`
 * goes beyond it, for money the provider has already taken and is still processing (decision 0015).
 */
export const TRANSITIONS = {
  confirm: ['pending'],
  confirmReleased: ['cancelled'],
  retake: ['pending', 'cancelled'],
  extendHold: ['pending'],
  awaitPayment: ['pending', 'cancelled'],
  failPayment: ['pending'],
  release: ['pending'],
  switchMethod: ['pending'],
  cancel: ['pending', 'confirmed'],
  approve: ['pending'],
  decline: ['pending'],
} as const satisfies Record<string, readonly BookingStatus[]>;

export type TransitionName = keyof typeof TRANSITIONS;

/** An on-site booking waiting for the owner's approval: pending, with no hold deadline (the hold job never releases it). */
const awaitsApproval = (booking: BookingRow) => booking.status === 'pending' && booking.paymentMethod === 'on_site';

const notAwaitingApproval = () => conflict('booking_not_awaiting_approval', 'This booking is not waiting for the owner\'s approval');

/** Why a transition may not start from this booking's state: 409 with the code the screens know. */
function refusal(name: TransitionName, booking: BookingRow) {
  if (booking.status === 'cancelled') {
    if (name === 'approve' || name === 'decline') return notAwaitingApproval();
    if (name === 'cancel') return conflict('booking_already_cancelled', 'This booking is already cancelled');
    return conflict('booking_not_payable', booking.cancelReason === 'expired' ? 'The hold on these dates has expired; please book again' : 'This booking is cancelled');
  }
  if (name === 'approve' || name === 'decline') return notAwaitingApproval();
  if (booking.status === 'confirmed') return conflict('booking_not_payable', 'This booking is already confirmed');
  return conflict('booking_not_payable', 'This booking is still waiting for its payment');
}

/** The booking with its room and property, or 404 `booking_not_found`. */
export async function findBooking(repository: BookingsRepository, id: string, executor?: Executor): Promise<BookingView> {
  const view = await repository.view(id, executor);
  if (!view) throw notFound('booking_not_found', 'Booking not found');
  return view;
}

/**
 * The transitions the metrics count (plugins/external/metrics.ts), each reported once its write succeeded in the
 * caller's transaction: a transaction that fails after it (rare: commit errors, a later statement) is still counted.
 */
export interface BookingEvents {
  opened(method: PaymentMethod): void;
  confirmed(): void;
  /** `expired`: holds released for time (`count` of them at once by the hold job). */
  cancelled(reason: CancelReason, count?: number): void;
}

const NO_EVENTS: BookingEvents = { opened: () => undefined, confirmed: () => undefined, cancelled: () => undefined };

export interface BookingLifecycleOptions {
  repository: BookingsRepository;
  notifier: Notifier;
  /** How long a new card/PayPal booking holds its nights unpaid. */
  holdMinutes: number;
  /** TZ_SITE: the site's date a booking is made on (its `booked_on`, what a report's lead time counts from). */
  timeZone: string;
  events?: BookingEvents;
}

export type NewBooking = Pick<
  BookingRow,
  'roomId' | 'userId' | 'userName' | 'userEmail' | 'startDate' | 'endDate' | 'totalCents' | 'paymentMethod' | 'language' | 'cancellationPolicy'
> &
  /**
   * The party (one adult by default), where it came from (`web` by default), the owner's note on one they entered and
   * the billing details the guest gave.
   */
  Partial<Pick<BookingRow, 'adults' | 'children' | 'source' | 'adminNote' | 'billing'>> &
  /** Its payment schedule (balances/balance-schedule.ts); none when left out. */
  Partial<Pick<BookingRow, 'paymentTerms' | 'balanceCents' | 'balanceDueDate' | 'balanceStatus'>>;

/** How a booking opens besides its values: waiting for the owner's approval; `silent`, without any message (a stay already over, entered by the owner). */
export interface OpenOptions {
  silent?: boolean;
}

export class BookingLifecycle {
  constructor(private readonly options: BookingLifecycleOptions) {}

  private get repository() {
    return this.options.repository;
  }

  private get events(): BookingEvents {
    return this.options.events ?? NO_EVENTS;
  }

  /** Throws the 409 the screens know when `name` may not start from the booking's state (for checks made before it). */
  assertCan(name: TransitionName, booking: BookingRow): void {
    if (!(TRANSITIONS[name] as readonly BookingStatus[]).includes(booking.status)) throw refusal(name, booking);
  }

  /** Locks the booking and checks that `name` may start from its state. */
  private async begin(tx: Executor, id: string, name: TransitionName): Promise<LockedBooking> {
    const locked = await this.repository.lock(tx, id);
    if (!locked) throw notFound('booking_not_found', 'Booking not found');
    this.assertCan(name, locked.booking);
    const takesBack = name === 'confirmReleased' || ((name === 'retake' || name === 'awaitPayment') && locked.booking.status === 'cancelled');
    if (takesBack && !isReleasedHold(locked.booking)) {
      throw refusal(name, locked.booking);
    }
    const answersRequest = name === 'approve' || name === 'decline';
    if (answersRequest !== awaitsApproval(locked.booking) && (answersRequest || name !== 'cancel')) {
      // Only the owner's answer (or a cancellation) moves a request; the owner answers nothing else.
      throw answersRequest ? notAwaitingApproval() : conflict('booking_not_payable', 'This booking is waiting for the owner\'s approval');
    }
    return locked;
  }

  /** Locks a pending booking for `switchMethod` (a request waiting for the owner included: it is answered as it is). */
  private async lockPending(tx: Executor, id: string): Promise<LockedBooking> {
    const locked = await this.repository.lock(tx, id);
    if (!locked) throw notFound('booking_not_found', 'Booking not found');
    this.assertCan('switchMethod', locked.booking);
    return locked;
  }

  private view(tx: Executor, id: string): Promise<BookingView> {
    return findBooking(this.repository, id, tx);
  }

  /**
   * Nights taken back by a released booking, inside a savepoint: the exclusion constraint decides whether they are
   * still free. False (and nothing written) when someone else has them.
   */
  private async takeNightsBack(tx: Executor, booking: BookingRow, set: BookingTransition): Promise<boolean> {
    await this.repository.lockRoomNights(tx, booking.roomId);
    try {
      await tx.transaction((savepoint) => this.repository.writeState(savepoint, booking.id, set));
      return true;
    } catch (error) {
      if (sqlState(error) === '23P01') return false;
      throw error;
    }
  }

  /**
   * (new) → pending hold for card and PayPal, → confirmed for on site, or → pending without a hold for on site when
   * the owner approves on-site bookings (`approval`). The caller holds the room's nights lock and has released the
   * room's expired holds; the exclusion constraint refuses a clash (23P01, mapped by the caller). `silent`: no message
   * at all (the owner records a stay already over, docs/decisions/0032).
   */
  async open(tx: Executor, values: NewBooking, approval = false, { silent = false }: OpenOptions = {}): Promise<BookingView> {
    const onSite = values.paymentMethod === 'on_site';
    const confirmed = onSite && !approval;
    const id = await this.repository.insert(tx, {
      ...values,
      status: confirmed ? 'confirmed' : 'pending',
      holdExpiresAt: onSite ? null : bookingTimes.inMinutes(this.options.holdMinutes),
      bookedOn: siteToday(this.options.timeZone),
      confirmedAt: confirmed ? bookingTimes.now() : null,
    });
    const view = await this.view(tx, id);
    if (!silent) {
      if (confirmed) await this.options.notifier.bookingConfirmed(tx, view);
      else if (onSite) await this.options.notifier.bookingAwaitingApproval(tx, view);
    }
    this.events.opened(values.paymentMethod);
    if (confirmed) this.events.confirmed();
    return view;
  }

  /** pending (on site, awaiting approval) → confirmed: the owner accepts; the guest gets the confirmation with the owner's message. */
  async approve(tx: Executor, id: string, message?: string | null): Promise<BookingView> {
    await this.begin(tx, id, 'approve');
    await this.repository.writeState(tx, id, { status: 'confirmed', confirmedAt: bookingTimes.now(), cancelReason: null, cancelledAt: null });
    const view = await this.view(tx, id);
    await this.options.notifier.bookingConfirmed(tx, view, { message });
    this.events.confirmed();
    return view;
  }

  /** pending (on site, awaiting approval) → cancelled (declined): the owner refuses; the nights are freed and the guest told, with the message. */
  async decline(tx: Executor, id: string, message?: string | null): Promise<BookingView> {
    await this.begin(tx, id, 'decline');
    await this.repository.writeState(tx, id, { status: 'cancelled', cancelReason: 'declined', cancelledAt: bookingTimes.now(), cancelNote: message || null });
    const view = await this.view(tx, id);
    await this.options.notifier.bookingCancelled(tx, view);
    this.events.cancelled('declined');
    return view;
  }

  /** pending → confirmed: the provider says the money is in (`reference`: its payment id). */
  async confirm(tx: Executor, id: string, reference: string): Promise<BookingView> {
    await this.begin(tx, id, 'confirm');
    return this.markConfirmed(tx, id, { paymentReference: reference });
  }

  /**
   * cancelled (expired) → confirmed: money arrived for a hold released for time. Its nights are taken back if nobody
   * else has them; null (nothing changed) when they are taken — the caller owes the money back.
   */
  async confirmReleased(tx: Executor, id: string, reference: string): Promise<BookingView | null> {
    const { booking } = await this.begin(tx, id, 'confirmReleased');
    const taken = await this.takeNightsBack(tx, booking, {
      status: 'confirmed',
      confirmedAt: bookingTimes.now(),
      cancelReason: null,
      cancelledAt: null,
      paymentReference: reference,
    });
    return taken ? this.confirmedView(tx, id) : null;
  }

  private async markConfirmed(tx: Executor, id: string, set: BookingChanges): Promise<BookingView> {
    await this.repository.writeState(tx, id, { ...set, status: 'confirmed', confirmedAt: bookingTimes.now(), cancelReason: null, cancelledAt: null });
    return this.confirmedView(tx, id);
  }

  private async confirmedView(tx: Executor, id: string): Promise<BookingView> {
    const view = await this.view(tx, id);
    await this.options.notifier.bookingConfirmed(tx, view);
    this.events.confirmed();
    return view;
  }

  /** The latest end any payment call may give the booking's hold (hold-policy.ts). */
  holdCeiling(booking: Pick<BookingRow, 'createdAt'>): Date {
    return holdCeiling(booking.createdAt, this.options.holdMinutes);
  }

  /**
   * Before money moves (a PayPal capture): a pending hold is kept for `minutes` more, up to its ceiling; a hold
   * released for time becomes pending again for as long if its nights are still free. Answers 'held'; 'taken' when
   * the nights went to someone else; 'ended' when the hold's ceiling has passed and it has run out. Any other state is
   * refused.
   */
  async retake(tx: Executor, id: string, minutes: number): Promise<'held' | 'taken' | 'ended'> {
    const { booking, holdActive } = await this.begin(tx, id, 'retake');
    if (await this.repository.reached(tx, this.holdCeiling(booking))) return booking.status === 'pending' && holdActive ? 'held' : 'ended';
    if (booking.status === 'pending') {
      // Never shortened (a hold kept for a PENDING capture runs past the ceiling), only stretched up to it.
      await this.repository.update(tx, id, { holdExpiresAt: bookingTimes.holdAtLeast(bookingTimes.inMinutes(minutes, this.holdCeiling(booking))) });
      return 'held';
    }
    const taken = await this.takeNightsBack(tx, booking, {
      status: 'pending',
      cancelReason: null,
      cancelledAt: null,
      holdExpiresAt: bookingTimes.inMinutes(minutes, this.holdCeiling(booking)),
    });
    return taken ? 'held' : 'taken';
  }

  /** pending → pending: the hold lasts at least `until` (a Stripe session's end), never past its ceiling. */
  async extendHold(tx: Executor, id: string, until: Date): Promise<void> {
    const { booking } = await this.begin(tx, id, 'extendHold');
    const ceiling = this.holdCeiling(booking);
    const end = until < ceiling ? until : ceiling;
    await this.repository.update(tx, id, { holdExpiresAt: bookingTimes.holdAtLeast(end) });
  }

  /**
   * The provider has taken the money and is still processing it (a PayPal capture answered PENDING): the hold is kept
   * for `days` from now — past its ceiling, the one exception — so the hold job leaves it alone; a hold released for
   * time meanwhile is taken back if its nights are still free. Answers 'held', or 'taken' (nothing written).
   */
  async awaitPayment(tx: Executor, id: string, days: number): Promise<'held' | 'taken'> {
    const { booking } = await this.begin(tx, id, 'awaitPayment');
    const until = bookingTimes.inDays(days);
    if (booking.status === 'pending') {
      await this.repository.update(tx, id, { holdExpiresAt: bookingTimes.holdAtLeast(until) });
      return 'held';
    }
    const taken = await this.takeNightsBack(tx, booking, { status: 'pending', cancelReason: null, cancelledAt: null, holdExpiresAt: until });
    return taken ? 'held' : 'taken';
  }

  /** pending → cancelled (payment_failed): the provider refused a payment it had been processing; the nights are freed and the guest told. */
  async failPayment(tx: Executor, id: string): Promise<BookingView> {
    await this.begin(tx, id, 'failPayment');
    await this.repository.writeState(tx, id, { status: 'cancelled', cancelReason: 'payment_failed', cancelledAt: bookingTimes.now() });
    const view = await this.view(tx, id);
    await this.options.notifier.bookingCancelled(tx, view);
    this.events.cancelled('payment_failed');
    return view;
  }

  /**
   * confirmed → cancelled by the system: its balance stayed unpaid past the grace days under `overdue_action: cancel`
   * (decision 0044; the caller recorded the refund its terms give). The guest is told, as for a refused payment.
   */
  async cancelUnpaidBalance(tx: Executor, id: string): Promise<BookingView> {
    await this.begin(tx, id, 'cancel');
    await this.repository.writeState(tx, id, { status: 'cancelled', cancelReason: 'payment_failed', cancelledAt: bookingTimes.now(), cancelNote: 'balance overdue' });
    const view = await this.view(tx, id);
    await this.options.notifier.bookingCancelled(tx, view);
    this.events.cancelled('payment_failed');
    return view;
  }

  /**
   * pending → cancelled (expired) for every hold past its end: one room's (inside a new booking of it, so a dead hold
   * never blocks the constraint) or a batch anywhere (the hold job, shared between instances). Answers their ids.
   */
  async releaseExpired(tx: Executor, scope: { roomId: string } | { limit: number }): Promise<string[]> {
    const released = await this.repository.updateExpiredHolds(tx, scope, { status: 'cancelled', cancelReason: 'expired', cancelledAt: bookingTimes.now() });
    this.events.cancelled('expired', released.length);
    return released;
  }

  /** pending → cancelled (expired) when the booking's current Checkout Session expired at Stripe; false if it was not. */
  async releaseForSession(tx: Executor, id: string, sessionId: string): Promise<boolean> {
    const locked = await this.repository.lock(tx, id);
    if (!locked || locked.booking.status !== 'pending' || locked.booking.stripeSessionId !== sessionId) return false;
    const released = (await this.repository.writeState(tx, id, { status: 'cancelled', cancelReason: 'expired', cancelledAt: bookingTimes.now() })) > 0;
    if (released) this.events.cancelled('expired');
    return released;
  }

  /**
   * pending → pending by another provider (the hold and its end are kept), or → confirmed when the guest now pays on
   * site (→ pending without a hold when the owner approves on-site bookings: `approval`). A pending booking whose hold
   * ran out cannot change: it is about to be released. A request waiting for the owner is answered as it is.
   */
  async switchMethod(tx: Executor, id: string, method: PaymentMethod, approval = false): Promise<BookingView> {
    const locked = await this.lockPending(tx, id);
    if (!locked.holdActive) throw conflict('booking_not_payable', 'The hold on these dates has expired; please book again');
    if (locked.booking.paymentMethod === method) return this.view(tx, id);
    if (awaitsApproval(locked.booking)) throw conflict('booking_not_payable', 'This booking is waiting for the owner\'s approval; cancel it to pay another way');
    if (method === 'on_site' && approval) {
      await this.repository.update(tx, id, { paymentMethod: method, holdExpiresAt: null });
      const view = await this.view(tx, id);
      await this.options.notifier.bookingAwaitingApproval(tx, view);
      return view;
    }
    if (method === 'on_site') return this.markConfirmed(tx, id, { paymentMethod: method, holdExpiresAt: null });
    await this.repository.update(tx, id, { paymentMethod: method });
    return this.view(tx, id);
  }

  /**
   * pending | confirmed → cancelled, by the guest or by an admin (with an optional note); the guest is told, with the
   * refund the caller recorded in this transaction before (payments/cancellations.ts).
   */
  async cancel(
    tx: Executor,
    id: string,
    reason: Extract<CancelReason, 'user' | 'admin'>,
    note?: string | null,
    refund: { refundByHandCents?: number } = {},
  ): Promise<BookingView> {
    await this.begin(tx, id, 'cancel');
    await this.repository.writeState(tx, id, { status: 'cancelled', cancelReason: reason, cancelledAt: bookingTimes.now(), cancelNote: note ?? null });
    const view = await this.view(tx, id);
    await this.options.notifier.bookingCancelled(tx, view, refund);
    this.events.cancelled(reason);
    return view;
  }
}
