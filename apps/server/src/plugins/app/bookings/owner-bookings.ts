import type { z } from 'zod';
import { priceStay, type AdminCreateBookingBody, type Booking, type Language } from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { badRequest, conflict, notFound, sqlState } from '../../../lib/errors.ts';
import type { GuestAccounts } from '../auth/guest-accounts.ts';
import type { BookingLifecycle } from './booking-lifecycle.ts';
import { toBooking, type BookingsRepository } from './bookings-repository.ts';
import { assertPartyFits } from '../rooms/capacity.ts';
import { guestInRoom, type BookingsService } from './bookings-service.ts';
import { bookingPriceColumns } from './booking-price.ts';

/** The body as the route's schema gave it: defaults applied (one adult, no children, on site, no note, rules kept). */
export type OwnerBookingBody = z.output<typeof AdminCreateBookingBody>;

export interface OwnerBookingsOptions {
  db: Database;
  repository: BookingsRepository;
  lifecycle: BookingLifecycle;
  /** The dates of a stay and the site's today, as every booking reads them. */
  stays: Pick<BookingsService, 'normaliseStay' | 'today'>;
  accounts: GuestAccounts;
}

/**
 * Bookings the owner enters, taken by phone or e-mail (POST /api/admin/bookings, docs/decisions/0032). They take their
 * nights as any booking does — the room's nights lock, its expired holds released, the exclusion constraints
 * (409 `room_unavailable`) — at the quote's price, for the party the room takes; the stay rules unless the owner
 * sets them aside; on site and confirmed at once. A stay already over (past dates are allowed here) tells no one.
 */
export class OwnerBookings {
  constructor(private readonly options: OwnerBookingsOptions) {}

  async create(body: OwnerBookingBody, language?: Language): Promise<Booking> {
    const { db, repository, lifecycle, stays, accounts } = this.options;
    const { start, end } = stays.normaliseStay(body.start_date, body.end_date, { allowPast: true });
    const over = end <= stays.today();
    const guest = await accounts.prepare(body.guest_email, body.guest_name, body.guest_language);
    try {
      return await db.transaction(async (tx) => {
        // The same order as a guest's booking (bookings-service.ts create): the room's lock, the room, its dead holds.
        await repository.lockRoomNights(tx, body.room_id);
        const room = await repository.shareBookableRoom(tx, body.room_id);
        if (!room) throw notFound('room_not_found', 'Room not found');
        assertPartyFits(room, body);
        await lifecycle.releaseExpired(tx, { roomId: room.id });
        const price = priceStay(room.pricing, start, end, body);
        const broken = price.quote.violations[0];
        if (broken && !body.ignore_rules) throw badRequest(broken.code, broken.detail, broken.field);
        const { user, created } = await accounts.findOrCreate(tx, guest);
        const view = await lifecycle.open(
          tx,
          {
            ...guestInRoom(user, room),
            startDate: start,
            endDate: end,
            adults: body.adults,
            children: body.children,
            ...bookingPriceColumns(price),
            paymentMethod: 'on_site',
            language: user.language,
            source: 'admin',
            adminNote: body.note || null,
          },
          false,
          { silent: over },
        );
        if (created && !over) await accounts.invite(tx, user);
        return toBooking(view, language);
      });
    } catch (error) {
      if (sqlState(error) === '23P01') throw conflict('room_unavailable', 'Room not available for these dates');
      throw error;
    }
  }
}
