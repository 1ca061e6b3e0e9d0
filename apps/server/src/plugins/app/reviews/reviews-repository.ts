import { and, desc, eq, gte, isNotNull, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { AdminReview, PublicReview } from '@roomweek/contract';
import { REVIEW_EDIT_HOURS } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { reviewInvitations, reviews, type ReviewRow } from '../../../db/reviews-schema.ts';
import { bookings, properties, rooms, users } from '../../../db/schema.ts';
import { conflict, constraintName, sqlState } from '../../../lib/errors.ts';

/** A visible review's rating columns for a room or a property: average (one decimal, half up) and count, as SQL. */
export function roomRating(roomId: SQL | typeof rooms.id) {
  const visible = sql`from ${reviews} r where r.room_id = ${roomId} and not r.hidden`;
  return {
    ratingAverage: sql<number | null>`(select round(avg(r.rating)::numeric, 1)::float8 ${visible})`,
    reviewCount: sql<number>`(select count(*)::int ${visible})`,
  };
}

export function propertyRating(propertyId: SQL | typeof properties.id) {
  const visible = sql`from ${reviews} r join ${rooms} rr on rr.id = r.room_id where rr.property_id = ${propertyId} and not r.hidden`;
  return {
    ratingAverage: sql<number | null>`(select round(avg(r.rating)::numeric, 1)::float8 ${visible})`,
    reviewCount: sql<number>`(select count(*)::int ${visible})`,
  };
}

/** What the rules about writing a review need of its booking. */
export interface ReviewableBooking {
  id: string;
  userId: string;
  roomId: string;
  status: string;
  startDate: string;
  endDate: string;
  firstName: string | null;
  name: string;
  email: string;
  language: string;
  deleted: boolean;
  propertyName: string;
  roomNumber: string;
}

/** A review with whether its author may still change it. */
export type ReviewWithWindow = ReviewRow & { editable: boolean; editableUntil: Date };

/** A stay due an invitation to review it. */
export type DueInvitation = Omit<ReviewableBooking, 'status' | 'deleted'>;

const allColumns = {
  id: reviews.id,
  bookingId: reviews.bookingId,
  userId: reviews.userId,
  roomId: reviews.roomId,
  authorName: reviews.authorName,
  stayMonth: reviews.stayMonth,
  rating: reviews.rating,
  comment: reviews.comment,
  language: reviews.language,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  hidden: reviews.hidden,
  hiddenReason: reviews.hiddenReason,
  hiddenAt: reviews.hiddenAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

const publicColumns = {
  id: reviews.id,
  authorName: reviews.authorName,
  stayMonth: reviews.stayMonth,
  rating: reviews.rating,
  comment: reviews.comment,
  language: reviews.language,
  reply: reviews.reply,
  createdAt: reviews.createdAt,
};


export const toPublicReview = (row: {
  id: string;
  authorName: string | null;
  stayMonth: string;
  rating: number;
  comment: string | null;
  language: string;
  reply: string | null;
  createdAt: Date;
}): PublicReview => ({
  id: row.id,
  guest_name: row.authorName,
  stay_month: row.stayMonth,
  rating: row.rating,
  comment: row.comment,
  language: row.language as PublicReview['language'],
  reply: row.reply,
  created_at: row.createdAt.toISOString(),
});

const adminColumns = {
  ...publicColumns,
  bookingId: reviews.bookingId,
  propertyId: rooms.propertyId,
  propertyName: properties.name,
  roomId: reviews.roomId,
  roomNumber: rooms.roomNumber,
  hidden: reviews.hidden,
  hiddenReason: reviews.hiddenReason,
  repliedAt: reviews.repliedAt,
};

type AdminRow = Parameters<typeof toPublicReview>[0] & {
  bookingId: string;
  propertyId: string;
  propertyName: string;
  roomId: string;
  roomNumber: string;
  hidden: boolean;
  hiddenReason: string | null;
  repliedAt: Date | null;
};

const toAdminReview = (row: AdminRow): AdminReview => ({
  ...toPublicReview(row),
  booking_id: row.bookingId,
  property_id: row.propertyId,
  property_name: row.propertyName,
  room_id: row.roomId,
  room_number: row.roomNumber,
  hidden: row.hidden,
  hidden_reason: row.hiddenReason,
  replied_at: row.repliedAt?.toISOString() ?? null,
});

/** Newest first, and after the review named by `cursor` (the previous page's last) when given. */
function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${reviews.createdAt}, ${reviews.id}) < (select c.created_at, c.id from ${reviews} c where c.id = ${cursor})`;
}

const editableUntil = sql<Date>`${reviews.createdAt} + make_interval(hours => ${REVIEW_EDIT_HOURS})`;

/** Every query on reviews and review invitations; the rules about them live in reviews-service.ts. */
export class ReviewsRepository {
  constructor(private readonly db: Database) {}

  /** The booking a review is about, with its guest and where it was; undefined when there is no such booking. */
  async reviewableBooking(tx: Executor, bookingId: string): Promise<ReviewableBooking | undefined> {
    const [row] = await tx
      .select({
        id: bookings.id,
        userId: bookings.userId,
        roomId: bookings.roomId,
        status: bookings.status,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        firstName: users.firstName,
        name: users.name,
        email: users.email,
        language: users.language,
        deleted: sql<boolean>`${users.deletedAt} is not null`,
        propertyName: properties.name,
        roomNumber: rooms.roomNumber,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(eq(bookings.id, bookingId));
    return row;
  }

  /** Writes a review; a second one for the same booking, however concurrent, fails on reviews_booking_key: 409 already_reviewed. */
  async insert(tx: Executor, values: typeof reviews.$inferInsert): Promise<ReviewWithWindow> {
    try {
      const [row] = await tx.insert(reviews).values(values).returning({ ...allColumns, editable: sql<boolean>`true`, editableUntil });
      return row!;
    } catch (error) {
      if (sqlState(error) === '23505' && constraintName(error) === 'reviews_booking_key') throw conflict('already_reviewed', 'This stay has already been reviewed');
      throw error;
    }
  }

  /** The booking's review, locked for the rest of the transaction, with its edit window by the database's clock. */
  async lockOfBooking(tx: Executor, bookingId: string): Promise<ReviewWithWindow | undefined> {
    const [row] = await tx
      .select({ ...allColumns, editable: sql<boolean>`now() < ${editableUntil}`, editableUntil })
      .from(reviews)
      .where(eq(reviews.bookingId, bookingId))
      .for('update');
    return row;
  }

  async lock(tx: Executor, id: string): Promise<ReviewRow | undefined> {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    return row;
  }

  async update(tx: Executor, id: string, values: Partial<typeof reviews.$inferInsert>): Promise<ReviewWithWindow> {
    const [row] = await tx
      .update(reviews)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(reviews.id, id))
      .returning({ ...allColumns, editable: sql<boolean>`now() < ${editableUntil}`, editableUntil });
    return row!;
  }

  async setReply(tx: Executor, id: string, reply: string): Promise<boolean> {
    const rows = await tx.update(reviews).set({ reply, repliedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(reviews.id, id)).returning({ id: reviews.id });
    return rows.length > 0;
  }

  async setVisibility(tx: Executor, id: string, hidden: boolean, reason: string | null): Promise<void> {
    await tx
      .update(reviews)
      .set({ hidden, hiddenReason: hidden ? reason : null, hiddenAt: hidden ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(reviews.id, id));
  }

  /** Whether a room, or a property, is shown to the public (neither it nor its property archived). */
  async isPublic(target: { roomId: string } | { propertyId: string }): Promise<boolean> {
    const rows =
      'roomId' in target
        ? await this.db
            .select({ id: rooms.id })
            .from(rooms)
            .innerJoin(properties, eq(properties.id, rooms.propertyId))
            .where(and(eq(rooms.id, target.roomId), isNull(rooms.archivedAt), isNull(properties.archivedAt)))
        : await this.db.select({ id: properties.id }).from(properties).where(and(eq(properties.id, target.propertyId), isNull(properties.archivedAt)));
    return rows.length > 0;
  }

  /** One page of a room's or a property's visible reviews, newest first; one more row than `limit` tells a next page exists. */
  async visiblePage(target: { roomId: string } | { propertyId: string }, limit: number, cursor?: string): Promise<PublicReview[]> {
    const where = and(
      eq(reviews.hidden, false),
      'roomId' in target ? eq(reviews.roomId, target.roomId) : eq(rooms.propertyId, target.propertyId),
      afterCursor(cursor),
    );
    const rows = await this.db
      .select(publicColumns)
      .from(reviews)
      .innerJoin(rooms, eq(rooms.id, reviews.roomId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit + 1);
    return rows.map(toPublicReview);
  }

  /** The owner's list: every review, hidden ones too, filtered, newest first. */
  async adminPage(filter: { propertyId?: string; rating?: number; replied?: boolean }, limit: number, cursor?: string): Promise<AdminReview[]> {
    const rows = await this.adminSelect()
      .where(
        and(
          filter.propertyId ? eq(rooms.propertyId, filter.propertyId) : undefined,
          filter.rating ? eq(reviews.rating, filter.rating) : undefined,
          filter.replied === undefined ? undefined : filter.replied ? isNotNull(reviews.reply) : isNull(reviews.reply),
          afterCursor(cursor),
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit + 1);
    return rows.map(toAdminReview);
  }

  async adminView(id: string, executor: Executor = this.db): Promise<AdminReview | undefined> {
    const [row] = await this.adminSelect(executor).where(eq(reviews.id, id));
    return row && toAdminReview(row);
  }

  private adminSelect(executor: Executor = this.db) {
    return executor
      .select(adminColumns)
      .from(reviews)
      .innerJoin(rooms, eq(rooms.id, reviews.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId));
  }

  /**
   * The guest's confirmed stays whose review window has opened (`opensBefore`: departure on or before it) and not
   * closed (`closesAfter`: departure on or after it), and every stay they reviewed, with the review.
   */
  async slotsOf(userId: string, opensBefore: string, closesAfter: string) {
    return this.db
      .select({
        bookingId: bookings.id,
        endDate: bookings.endDate,
        review: { ...allColumns, editable: sql<boolean>`now() < ${editableUntil}`, editableUntil },
      })
      .from(bookings)
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.userId, userId),
          sql`(${reviews.id} is not null or (${bookings.status} = 'confirmed' and ${bookings.endDate} <= ${opensBefore} and ${bookings.endDate} >= ${closesAfter}))`,
        ),
      )
      .orderBy(desc(bookings.endDate), desc(bookings.id));
  }

  /**
   * Confirmed stays that ended on or before `endedBy` and on or after `endedSince` (still within the window), whose
   * guest was never invited, has not reviewed them, and still has an account.
   */
  async dueInvitations(endedBy: string, endedSince: string, limit: number): Promise<DueInvitation[]> {
    return this.db
      .select({
        id: bookings.id,
        userId: bookings.userId,
        roomId: bookings.roomId,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        firstName: users.firstName,
        name: users.name,
        email: users.email,
        language: users.language,
        propertyName: properties.name,
        roomNumber: rooms.roomNumber,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          lte(bookings.endDate, endedBy),
          gte(bookings.endDate, endedSince),
          isNull(users.deletedAt),
          notExists(this.db.select({ one: sql`1` }).from(reviewInvitations).where(eq(reviewInvitations.bookingId, bookings.id))),
          notExists(this.db.select({ one: sql`1` }).from(reviews).where(eq(reviews.bookingId, bookings.id))),
        ),
      )
      .orderBy(bookings.endDate, bookings.id)
      .limit(limit);
  }

  /** Records the invitation; false when another run (on any instance) already did. */
  async markInvited(tx: Executor, bookingId: string): Promise<boolean> {
    const rows = await tx.insert(reviewInvitations).values({ bookingId }).onConflictDoNothing().returning({ id: reviewInvitations.bookingId });
    return rows.length > 0;
  }

  /** The account's reviews, for its data export. */
  async ofUser(userId: string, executor: Executor = this.db) {
    return executor
      .select({ ...allColumns, propertyName: properties.name, roomNumber: rooms.roomNumber })
      .from(reviews)
      .innerJoin(rooms, eq(rooms.id, reviews.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt));
  }

  /** A deleted account's reviews stay, signed "A former guest" (decision 0021). */
  async anonymiseAuthor(tx: Executor, userId: string): Promise<void> {
    await tx.update(reviews).set({ authorName: null }).where(and(eq(reviews.userId, userId), isNotNull(reviews.authorName)));
  }
}
