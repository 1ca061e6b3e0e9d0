import { and, asc, between, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { CheckInStatus } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { checkInNotices, checkIns, type StoredTraveller } from '../../../db/check-in-schema.ts';
import { bookings, properties, rooms, users } from '../../../db/schema.ts';
import { occupiesNights } from '../bookings/booking-nights.ts';

export type CheckInRow = typeof checkIns.$inferSelect;
/** The check-in messages a booking is sent, each once (check_in_notices). */
export type CheckInNoticeKind = 'check_in_reminder' | 'arrival_instructions';

/** Records that `kind` goes to the booking, in the transaction that queues it; false when it already went. */
export async function claimCheckInNotice(tx: Executor, bookingId: string, kind: CheckInNoticeKind): Promise<boolean> {
  const rows = await tx.insert(checkInNotices).values({ bookingId, kind }).onConflictDoNothing().returning({ id: checkInNotices.bookingId });
  return rows.length > 0;
}

/** Every stored check-in of the property's stays, with the party and the property's registration country. */
export function checkInsOfProperty(tx: Executor, propertyId: string) {
  return tx
    .select({
      bookingId: checkIns.bookingId,
      arrivalTime: checkIns.arrivalTime,
      travellers: checkIns.travellers,
      status: checkIns.status,
      adults: bookings.adults,
      children: bookings.children,
      country: properties.registrationCountry,
    })
    .from(checkIns)
    .innerJoin(bookings, eq(bookings.id, checkIns.bookingId))
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(eq(properties.id, propertyId));
}

export async function setCheckInStatus(tx: Executor, bookingId: string, status: CheckInStatus): Promise<void> {
  await tx.update(checkIns).set({ status }).where(eq(checkIns.bookingId, bookingId));
}

/** The queries on check-ins (docs/decisions/0036-online-check-in.md). */
export class CheckInRepository {
  constructor(private readonly db: Database) {}

  async find(bookingId: string, executor: Executor = this.db): Promise<CheckInRow | undefined> {
    const [row] = await executor.select().from(checkIns).where(eq(checkIns.bookingId, bookingId));
    return row;
  }

  async findMany(bookingIds: string[]): Promise<CheckInRow[]> {
    if (bookingIds.length === 0) return [];
    return this.db.select().from(checkIns).where(inArray(checkIns.bookingId, bookingIds));
  }

  /** Writes the booking's check-in as it stands now (one row per booking). */
  async save(
    tx: Executor,
    bookingId: string,
    values: { arrivalTime: string | null; travellers: StoredTraveller[]; status: CheckInStatus },
  ): Promise<CheckInRow> {
    const [row] = await tx
      .insert(checkIns)
      .values({ bookingId, ...values })
      .onConflictDoUpdate({ target: checkIns.bookingId, set: { ...values, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  /** Confirmed stays arriving in [from, to] whose check-in is not complete and that were never sent `kind`. */
  async dueForNotice(kind: CheckInNoticeKind, from: string, to: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: bookings.id })
      .from(bookings)
      .leftJoin(checkIns, eq(checkIns.bookingId, bookings.id))
      .leftJoin(checkInNotices, and(eq(checkInNotices.bookingId, bookings.id), eq(checkInNotices.kind, kind)))
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          between(bookings.startDate, from, to),
          or(isNull(checkIns.status), ne(checkIns.status, 'complete')),
          isNull(checkInNotices.bookingId),
        ),
      );
    return rows.map((row) => row.id);
  }

  /** Records that `kind` goes to the booking; false when it already went (another instance, an earlier run). */
  claimNotice(tx: Executor, bookingId: string, kind: CheckInNoticeKind): Promise<boolean> {
    return claimCheckInNotice(tx, bookingId, kind);
  }

  /** Confirmed stays arriving in [from, to] never sent their arrival instructions (docs/decisions/0038). */
  async dueForArrivalInstructions(from: string, to: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: bookings.id })
      .from(bookings)
      .leftJoin(checkInNotices, and(eq(checkInNotices.bookingId, bookings.id), eq(checkInNotices.kind, 'arrival_instructions')))
      .where(and(eq(bookings.status, 'confirmed'), between(bookings.startDate, from, to), isNull(checkInNotices.bookingId)));
    return rows.map((row) => row.id);
  }

  /**
   * The stays arriving from `from` to `to` that occupy their nights (confirmed, or awaiting payment with a running hold), optionally one
   * property's, with their guest, room, property and check-in (absent: never begun): the day list and the export.
   */
  async arrivals(from: string, to: string, propertyId?: string) {
    return this.db
      .select({
        booking: bookings,
        roomNumber: rooms.roomNumber,
        propertyId: properties.id,
        propertyName: properties.name,
        country: properties.registrationCountry,
        guestName: users.name,
        guestFirstName: users.firstName,
        checkIn: checkIns,
      })
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .leftJoin(users, eq(users.id, bookings.userId))
      .leftJoin(checkIns, eq(checkIns.bookingId, bookings.id))
      .where(
        and(
          between(bookings.startDate, from, to),
          occupiesNights(),
          propertyId === undefined ? undefined : eq(properties.id, propertyId),
        ),
      )
      .orderBy(asc(bookings.startDate), asc(properties.name), asc(rooms.roomNumber), asc(bookings.id));
  }
}
