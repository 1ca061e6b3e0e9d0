import {
  addDays,
  arrivalInstructionsDue,
  arrivalInstructionsIn,
  AVAILABILITY_WINDOW_DAYS,
  DEFAULT_LANGUAGE,
  daysBetween,
  DEFAULT_PARTY,
  MAX_DAYS_AHEAD,
  MAX_STAY_DAYS,
  priceStay,
  priceTermsAnswer,
  seasonalPricesOf,
  type AdminBookingsQuery,
  type AvailabilityResponse,
  type BookedRange,
  type Booking,
  type BookingSummary,
  type CancellationPolicy,
  type CreateBookingBody,
  type Language,
  type Party,
} from '@roomweek/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError, badRequest, conflict, notFound, sqlState } from '../../../lib/errors.ts';
import { siteToday, toSiteDate } from '../../../lib/dates.ts';
import type { EmailProof } from '../auth/email-proof.ts';
import { fullName, type UserRow } from '../auth/users-repository.ts';
import type { BookingLifecycle } from './booking-lifecycle.ts';
import { assertPartyFits } from '../rooms/capacity.ts';
import { scheduleColumns } from '../balances/balance-schedule.ts';
import { bookingPriceColumns } from './booking-price.ts';
import { toBooking, type BookingsRepository, type BookingView } from './bookings-repository.ts';

export interface BookingsServiceOptions {
  db: Database;
  repository: BookingsRepository;
  lifecycle: BookingLifecycle;
  timeZone: string;
  /** `MAX_ACTIVE_BOOKINGS_PER_USER`: future pending or unpaid on-site bookings a client account may hold at once. */
  maxActivePerUser: number;
  /** `MAX_UNPAID_NIGHTS_PER_USER`: upcoming unpaid on-site nights a client account may hold at once (decision 0029). */
  maxUnpaidNightsPerUser: number;
  /** Who may book on site: a proved e-mail (auth/email-proof.ts). */
  emailProof: Pick<EmailProof, 'assertMayBookOnSite'>;
  /** The setting `on_site_requires_approval`, read in the booking's transaction. */
  onSiteRequiresApproval: (tx: Executor) => Promise<boolean>;
  /** `ARRIVAL_INSTRUCTIONS_DAYS`: from how many days before arrival a confirmed stay's guest reads them (decision 0038). */
  arrivalInstructionsDays: number;
}

/** What a new booking copies from its guest and its room: who, in which room, under the terms bookings of it get now. */
export function guestInRoom(user: UserRow, room: { id: string; cancellationPolicy: CancellationPolicy }) {
  return { roomId: room.id, userId: user.id, userName: fullName(user), userEmail: user.email, cancellationPolicy: room.cancellationPolicy };
}

/** A booking's body as checked (the party's defaults filled in). */
export type CreateBooking = Omit<z.output<typeof CreateBookingBody>, 'adults' | 'children'> & Partial<Party>;

/** Ranges sorted by start, merged where they overlap or touch. */
export function mergeRanges(ranges: BookedRange[]): BookedRange[] {
  const merged: BookedRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start_date <= last.end_date) {
      if (range.end_date > last.end_date) last.end_date = range.end_date;
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

/** The guest's and the admin's booking calls: who may do what, on which dates, at which price. */
export class BookingsService {
  constructor(private readonly options: BookingsServiceOptions) {}

  private get repository() {
    return this.options.repository;
  }

  today(): string {
    return siteToday(this.options.timeZone);
  }

  /**
   * Validates a stay's dates against the site's calendar: [start, end), not in the past (unless `allowPast`: the owner
   * records a stay taken before, docs/decisions/0032), within the limits.
   */
  normaliseStay(startInput: string, endInput: string, { allowPast = false }: { allowPast?: boolean } = {}): { start: string; end: string } {
    const start = toSiteDate(startInput, this.options.timeZone);
    const end = toSiteDate(endInput, this.options.timeZone);
    const today = this.today();
    if (end <= start) throw badRequest('invalid_dates', 'The departure must be after the arrival', 'end_date');
    if (start < today && !allowPast) throw badRequest('date_in_past', 'The arrival cannot be in the past', 'start_date');
    if (daysBetween(start, end) > MAX_STAY_DAYS) {
      throw badRequest('stay_too_long', `A stay may last at most ${MAX_STAY_DAYS} days`, 'end_date');
    }
    if (daysBetween(today, start) > MAX_DAYS_AHEAD) {
      throw badRequest('booking_too_far', `Bookings open at most ${MAX_DAYS_AHEAD} days ahead`, 'start_date');
    }
    return { start, end };
  }

  /**
   * Books a room at the server's price. The exclusion constraint `bookings_no_overlap` is the guarantee against
   * double booking. A guest who books again the same room and dates while their own unpaid hold on them runs only
   * changed how to pay: the hold is re-used with the new method (`reused`), never clashed with (nor counted again).
   * A client holds at most `maxActivePerUser` unpaid future bookings: counted under the account's lock, so parallel
   * bookings of different rooms cannot both pass the cap (admins are not capped). On site (docs/decisions/0029): the
   * account must have proved its e-mail, its upcoming unpaid on-site nights stay within `maxUnpaidNightsPerUser`
   * (counted under the same lock), and the booking waits for the owner when the setting asks so.
   */
  async create(user: UserRow, body: CreateBooking, language: Language): Promise<{ booking: Booking; reused: boolean }> {
    const { start, end } = this.normaliseStay(body.start_date, body.end_date);
    const party = { adults: body.adults ?? DEFAULT_PARTY.adults, children: body.children ?? DEFAULT_PARTY.children };
    const { lifecycle } = this.options;
    const onSite = body.payment_method === 'on_site';
    if (onSite) this.options.emailProof.assertMayBookOnSite(user);
    try {
      return await this.options.db.transaction(async (tx) => {
        const capped = user.role !== 'admin';
        // One account's bookings queue here (always before the room's lock), so its cap is counted once at a time.
        if (capped) await this.repository.lockUserBookings(tx, user.id);
        // Bookings of one room queue here, on every instance (see lockRoomNights).
        await this.repository.lockRoomNights(tx, body.room_id);
        const room = await this.repository.shareBookableRoom(tx, body.room_id);
        if (!room) throw notFound('room_not_found', 'Room not found');
        assertPartyFits(room, party);
        await lifecycle.releaseExpired(tx, { roomId: room.id });
        const approval = onSite && (await this.options.onSiteRequiresApproval(tx));
        const ownHold = await this.repository.lockOwnHold(tx, user.id, room.id, start, end);
        if (ownHold) {
          // Paying on site for one's own card/PayPal hold makes its nights unpaid on-site nights: capped as a new booking.
          if (capped && onSite && ownHold.paymentMethod !== 'on_site') await this.assertUnderNightCap(tx, user.id, start, end);
          // The party asked now is the booking's, whatever the hold said, and so is the price it makes (taxes, per-person fees).
          const price = bookingPriceColumns(priceStay(room.pricing, start, end, party));
          await this.repository.update(tx, ownHold.id, {
            ...party,
            ...price,
            ...scheduleColumns(room.paymentTerms, price, start, body.payment_method, this.today()),
            ...(body.billing !== undefined && { billing: body.billing }),
          });
          return { booking: toBooking(await lifecycle.switchMethod(tx, ownHold.id, body.payment_method, approval)), reused: true };
        }
        // The room's stay rules and price: the same quote GET /rooms/{id}/quote answers (docs/behaviour.md §11).
        const price = priceStay(room.pricing, start, end, party);
        const broken = price.quote.violations[0];
        if (broken) throw badRequest(broken.code, broken.detail, broken.field);
        if (capped) await this.assertUnderCap(tx, user.id);
        if (capped && onSite) await this.assertUnderNightCap(tx, user.id, start, end);
        const priceColumns = bookingPriceColumns(price);
        const view = await lifecycle.open(tx, {
          ...guestInRoom(user, room),
          startDate: start,
          endDate: end,
          ...party,
          ...priceColumns,
          ...scheduleColumns(room.paymentTerms, priceColumns, start, body.payment_method, this.today()),
          paymentMethod: body.payment_method,
          language,
          billing: body.billing ?? null,
        }, approval);
        return { booking: toBooking(view), reused: false };
      });
    } catch (error) {
      if (sqlState(error) === '23P01') throw conflict('room_unavailable', 'Room not available for these dates');
      throw error;
    }
  }

  /** 409 `too_many_active_bookings` when the account already holds its maximum of unpaid future bookings. */
  private async assertUnderCap(tx: Executor, userId: string): Promise<void> {
    const max = this.options.maxActivePerUser;
    if ((await this.repository.countUnpaidActive(tx, userId, this.today())) >= max) {
      throw conflict(
        'too_many_active_bookings',
        `An account may hold at most ${max} unpaid upcoming bookings at once; pay for or cancel one before booking again`,
      );
    }
  }

  /**
   * 409 `too_many_unpaid_nights` when the stay [start, end) would bring the account's upcoming unpaid on-site nights
   * past `maxUnpaidNightsPerUser`; called under the account's lock, like the count of bookings.
   */
  private async assertUnderNightCap(tx: Executor, userId: string, start: string, end: string): Promise<void> {
    const max = this.options.maxUnpaidNightsPerUser;
    const held = await this.repository.unpaidOnSiteNights(tx, userId, this.today());
    if (held + daysBetween(start, end) > max) {
      throw conflict(
        'too_many_unpaid_nights',
        `An account may hold at most ${max} upcoming nights to pay on site (${held} already); pay online or cancel a stay before booking again`,
      );
    }
  }

  /** The owner accepts an on-site booking waiting for approval (docs/decisions/0029). */
  async approve(id: string, message?: string | null, language?: Language): Promise<Booking> {
    const view = await this.options.db.transaction((tx) => this.options.lifecycle.approve(tx, id, message));
    return toBooking(view, language);
  }

  /** The owner declines an on-site booking waiting for approval: cancelled (declined), its nights freed. */
  async decline(id: string, message?: string | null, language?: Language): Promise<Booking> {
    const view = await this.options.db.transaction((tx) => this.options.lifecycle.decline(tx, id, message));
    return toBooking(view, language);
  }

  /** The guest's bookings, their property names in `language` where translated (docs/behaviour.md §15). */
  async listForUser(userId: string, language: Language = DEFAULT_LANGUAGE): Promise<Booking[]> {
    const today = this.today();
    return (await this.repository.listForUser(userId)).map((view) => ({
      ...toBooking(view, language),
      arrival_instructions: this.arrivalInstructionsFor(view, today, language),
    }));
  }

  /**
   * What the guest reads of the property's arrival instructions (docs/decisions/0038): only a confirmed stay's, from
   * ARRIVAL_INSTRUCTIONS_DAYS before its arrival on, in `language` or else French; null otherwise.
   */
  private arrivalInstructionsFor(view: BookingView, today: string, language: Language): string | null {
    const { booking } = view;
    if (booking.status !== 'confirmed' || !arrivalInstructionsDue(booking.startDate, today, this.options.arrivalInstructionsDays)) return null;
    return arrivalInstructionsIn(view.propertyArrivalInstructions, language);
  }

  async listAll(filter: AdminBookingsQuery = {}, language?: Language): Promise<{ bookings: Booking[]; total: number }> {
    const { views, total } = await this.repository.listAll(filter);
    return { bookings: views.map((view) => toBooking(view, language)), total };
  }

  summary(): Promise<Omit<BookingSummary, 'warnings'>> {
    return this.repository.summary();
  }

  /** What the admin's availability screen needs, as of the site's today (decision 0009). */
  async availabilityToday(language?: Language): Promise<{ today: string; bookings: Booking[] }> {
    const today = this.today();
    return { today, bookings: (await this.repository.availabilityOn(today)).map((view) => toBooking(view, language)) };
  }

  /** The nights taken in a room within [from, to) by stays and by blocks: dates only, never who or why; and the room's stay terms. */
  async availability(roomId: string, fromInput?: string, toInput?: string): Promise<AvailabilityResponse> {
    const from = fromInput ? toSiteDate(fromInput, this.options.timeZone) : this.today();
    const to = toInput ? toSiteDate(toInput, this.options.timeZone) : addDays(from, AVAILABILITY_WINDOW_DAYS);
    if (to <= from) throw badRequest('invalid_dates', 'The end of the window must be after its start', 'end');
    if (daysBetween(from, to) > MAX_DAYS_AHEAD + MAX_STAY_DAYS) {
      throw new AppError(400, 'validation_error', 'The window is too long', 'end');
    }
    const rows = await this.repository.takenNights(roomId, from, to);
    const [room] = rows;
    if (!room) throw notFound('room_not_found', 'Room not found');
    const taken = (kind: 'booking' | 'block') =>
      rows.flatMap((row) => (row.kind === kind && row.start_date && row.end_date ? [{ start_date: row.start_date, end_date: row.end_date }] : []));
    return {
      bookings: taken('booking'),
      // Blocks may overlap (two feeds list the same nights): answered as the ranges they cover together, without notes.
      blocks: mergeRanges(taken('block')),
      rules: room.rules,
      seasonal_prices: seasonalPricesOf(room.seasons),
      long_stay_discounts: room.discounts,
      price_terms: priceTermsAnswer(room.terms),
    };
  }
}
