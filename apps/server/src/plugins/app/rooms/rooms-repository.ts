import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PaymentTermsRules, Room, RoomDetail, RoomValues, StayPricing } from '@roomweek/contract';
import { DEFAULT_LANGUAGE, DEFAULT_MAX_GUESTS, feeCentsOf, feeOf, NO_STAY_RULES, priceTermsAnswer, seasonalPricesOf, toCents, toEuros } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { properties, rooms } from '../../../db/schema.ts';
import { conflict, constraintName, notFound, sqlState } from '../../../lib/errors.ts';
import { effectiveCancellationPolicy, effectivePaymentTerms, priceTermsColumn, stayPricingColumns, upcomingStaysIn } from '../bookings/bookings-repository.ts';
import { showAmenities } from '../content/amenities.ts';
import { roomRating } from '../reviews/reviews-repository.ts';
import { localisedText, type ContentView } from '../content/translations.ts';

type RoomRow = typeof rooms.$inferSelect;

const FRENCH: ContentView = { language: DEFAULT_LANGUAGE, admin: false };

/** A room as `view` shows it: amenities as labels in the view's language (free text as written; §15). */
export function toRoom(row: RoomRow, view: ContentView = FRENCH, rating?: { ratingAverage: number | null; reviewCount: number }): Room {
  const { amenities, languages } = showAmenities(row.amenities, view.language);
  return {
    id: row.id,
    property_id: row.propertyId,
    room_number: row.roomNumber,
    price_per_week: toEuros(row.pricePerWeekCents),
    max_guests: row.maxGuests,
    amenities,
    text_languages: { amenities: languages },
    photos: row.photos,
    rules: row.stayRules,
    seasonal_prices: seasonalPricesOf(row.seasonalPrices),
    long_stay_discounts: row.longStayDiscounts,
    fees: row.fees?.map(feeOf) ?? null,
    ...(rating && { rating_average: rating.ratingAverage, review_count: rating.reviewCount }),
    ...(view.admin && { amenity_keys: row.amenities }),
  };
}

/** The room's columns from a checked body; on update, stay terms left out of the body are left as they are. */
function columns(input: RoomValues, mode: 'create' | 'update') {
  const seasons = input.seasonal_prices?.map((season) => ({
    start_date: season.start_date,
    end_date: season.end_date,
    price_per_week_cents: toCents(season.price_per_week),
  }));
  const onCreate = mode === 'create';
  return {
    propertyId: input.property_id,
    roomNumber: input.room_number,
    pricePerWeekCents: toCents(input.price_per_week),
    maxGuests: input.max_guests ?? (onCreate ? DEFAULT_MAX_GUESTS : undefined),
    amenities: input.amenities,
    photos: input.photos,
    stayRules: input.rules ?? (onCreate ? NO_STAY_RULES : undefined),
    seasonalPrices: seasons ?? (onCreate ? [] : undefined),
    longStayDiscounts: input.long_stay_discounts ?? (onCreate ? [] : undefined),
    // Its own fees (cents); null: its property's; left out: unchanged (its property's on create).
    fees: input.fees === undefined ? (onCreate ? null : undefined) : (input.fees?.map(feeCentsOf) ?? null),
  };
}

function mapWriteError(error: unknown): never {
  if (sqlState(error) === '23505' && constraintName(error) === 'rooms_property_number_key') {
    throw conflict('room_number_taken', 'This property already has a room with this number');
  }
  throw error;
}

/** The public reads, prepared once: their SQL is built once, and PostgreSQL plans them once per connection. */
const prepareReads = (db: Database) => {
  const list = (propertyId?: ReturnType<typeof sql.placeholder>) =>
    db
      .select({ room: rooms, rating: roomRating(rooms.id) })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(isNull(rooms.archivedAt), isNull(properties.archivedAt), propertyId ? eq(rooms.propertyId, propertyId) : undefined))
      .orderBy(asc(properties.name), asc(rooms.roomNumber));
  return {
    list: list().prepare('rooms_list'),
    listOfProperty: list(sql.placeholder('propertyId')).prepare('rooms_list_of_property'),
    get: db
      .select({
        room: rooms,
        propertyName: properties.name,
        propertyTranslations: properties.translations,
        cancellationPolicy: effectiveCancellationPolicy,
        priceTerms: priceTermsColumn,
        rating: roomRating(rooms.id),
      })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(eq(rooms.id, sql.placeholder('id')), isNull(rooms.archivedAt), isNull(properties.archivedAt)))
      .prepare('rooms_get'),
    pricing: db
      .select({ ...stayPricingColumns, maxGuests: rooms.maxGuests, paymentTerms: effectivePaymentTerms })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(eq(rooms.id, sql.placeholder('id')), isNull(rooms.archivedAt), isNull(properties.archivedAt)))
      .prepare('rooms_pricing'),
  };
};

export class RoomsRepository {
  private readonly reads: ReturnType<typeof prepareReads>;

  constructor(private readonly db: Database) {
    this.reads = prepareReads(db);
  }

  async list(propertyId?: string, view?: ContentView): Promise<Room[]> {
    const rows = await (propertyId ? this.reads.listOfProperty.execute({ propertyId }) : this.reads.list.execute());
    return rows.map(({ room, rating }) => toRoom(room, view, rating));
  }

  /** A room that can be shown and booked: neither it nor its property is archived. */
  async get(id: string, view: ContentView = FRENCH): Promise<RoomDetail> {
    const [row] = await this.reads.get.execute({ id });
    if (!row) throw notFound('room_not_found', 'Room not found');
    const room = toRoom(row.room, view, row.rating);
    const propertyName = localisedText(row.propertyName, row.propertyTranslations, 'name', view.language);
    return {
      ...room,
      property_name: propertyName.text,
      cancellation_policy: row.cancellationPolicy,
      price_terms: priceTermsAnswer(row.priceTerms),
      text_languages: { ...room.text_languages, property_name: propertyName.language },
    };
  }

  /** The pricing and capacity of a bookable room (404 room_not_found otherwise). */
  async pricing(id: string): Promise<StayPricing & { maxGuests: number; paymentTerms: PaymentTermsRules }> {
    const [row] = await this.reads.pricing.execute({ id });
    if (!row) throw notFound('room_not_found', 'Room not found');
    return row;
  }

  private async assertPropertyExists(propertyId: string, executor: Executor = this.db): Promise<void> {
    const [row] = await executor
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, propertyId), isNull(properties.archivedAt)));
    if (!row) throw notFound('property_not_found', 'Property not found');
  }

  async create(input: RoomValues, view?: ContentView): Promise<Room> {
    return this.db.transaction(async (tx) => {
      await this.assertPropertyExists(input.property_id, tx);
      const [row] = await tx.insert(rooms).values(columns(input, 'create')).returning().catch(mapWriteError);
      if (input.apply_rules_to_property) await this.applyRulesToProperty(tx, row!);
      return toRoom(row!, view);
    });
  }

  /**
   * A new price, rules or seasons apply to bookings made from now on; existing bookings keep the total they were made
   * with and are not checked against new rules.
   */
  async update(id: string, input: RoomValues, view?: ContentView): Promise<Room> {
    return this.db.transaction(async (tx) => {
      await this.assertPropertyExists(input.property_id, tx);
      const [row] = await tx
        .update(rooms)
        .set(columns(input, 'update'))
        .where(and(eq(rooms.id, id), isNull(rooms.archivedAt)))
        .returning()
        .catch(mapWriteError);
      if (!row) throw notFound('room_not_found', 'Room not found');
      if (input.apply_rules_to_property) await this.applyRulesToProperty(tx, row);
      return toRoom(row, view);
    });
  }

  /** "Apply to every room of this property": the other rooms of its property take its stay rules and long-stay tiers. */
  private async applyRulesToProperty(tx: Executor, room: RoomRow): Promise<void> {
    await tx
      .update(rooms)
      .set({ stayRules: room.stayRules, longStayDiscounts: room.longStayDiscounts })
      .where(and(eq(rooms.propertyId, room.propertyId), ne(rooms.id, room.id), isNull(rooms.archivedAt)));
  }

  /** Locks the room for the rest of the transaction; false when there is no such live room. */
  async lockLive(tx: Executor, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.id, id), isNull(rooms.archivedAt)))
      .for('update');
    return row !== undefined;
  }

  /** How many stays in the room occupy nights not over by `today` (an expired hold blocks nothing). */
  async upcomingStays(tx: Executor, id: string, today: string): Promise<number> {
    return upcomingStaysIn(tx, [id], today);
  }

  async markArchived(tx: Executor, id: string): Promise<void> {
    await tx.update(rooms).set({ archivedAt: sql`now()` }).where(eq(rooms.id, id));
  }
}
