import { and, eq, gte, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { addDays, type StayPricing, type StayRules, type StoredTranslations } from '@roomweek/contract';
import { queryRows, type Database } from '../../../db/client.ts';
import { roomBlocks } from '../../../db/calendar-schema.ts';
import { bookings, properties, rooms } from '../../../db/schema.ts';
import { nightsMeet, occupiesNights, priceTermsColumn } from '../bookings/booking-nights.ts';
import { roomRating } from '../reviews/reviews-repository.ts';

/** What every search asks of a room, dates or not (issue 26). */
export interface RoomFilter {
  guests: number;
  propertyId?: string;
  /** Keys (or free texts) the room must all have. */
  amenities: string[];
}

/** A room that passed the query: what the service sorts, prices and pages by. */
export interface CandidateRow {
  id: string;
  maxGuests: number;
  pricePerWeekCents: number;
  /** With dates: its pricing and terms, its seasons only those the stay's priced nights may reach. */
  pricing: StayPricing | null;
}

/** What an item of a page shows. */
export interface PageRow {
  id: string;
  propertyId: string;
  roomNumber: string;
  maxGuests: number;
  pricePerWeekCents: number;
  amenities: string[];
  photo: string | null;
  propertyName: string;
  location: string;
  translations: StoredTranslations;
  latitude: number | null;
  longitude: number | null;
  /** Its visible reviews: average (one decimal) or null, and count. */
  ratingAverage: number | null;
  reviewCount: number;
}

/** One stay the suggestions ask about: the rooms with these rules (their arrival day allowed), arriving that day. */
export interface ArrivalAsked {
  rules: StayRules;
  arrival: string;
}

/** How many rooms are free for a stay arriving that day and, when asked, which. */
export interface FreeOnArrival {
  arrival: string;
  rooms: number;
  ids: string[] | null;
}

/** A block or an imported event (room_blocks, `blocking`) with a night in [from, to): written as room_blocks_room_nights_idx. */
const blockNightsMeet = (from: string, to: string) =>
  sql`daterange(${roomBlocks.startDate}, ${roomBlocks.endDate}, '[)') && daterange(${from}::date, ${to}::date, '[)')`;

/** The rooms searched: bookable (neither it nor its property archived), large enough, of the property, with every amenity. */
function roomConditions({ guests, propertyId, amenities }: RoomFilter): SQL | undefined {
  return and(
    isNull(rooms.archivedAt),
    isNull(properties.archivedAt),
    gte(rooms.maxGuests, guests),
    propertyId ? eq(rooms.propertyId, propertyId) : undefined,
    amenities.length > 0 ? sql`${rooms.amenities} @> ${JSON.stringify(amenities)}::jsonb` : undefined,
  );
}

/**
 * The room's pricing as one JSON value (StayPricing's fields), its seasons cut to those with a night in [from, to) (ISO
 * dates compare as text): what quoteStay needs for stays priced within that window, a fraction of a long season list.
 */
const pricingIn = ({ from, to }: { from: string; to: string }) => sql<StayPricing>`json_build_object(
  'pricePerWeekCents', ${rooms.pricePerWeekCents},
  'rules', ${rooms.stayRules},
  'seasons', jsonb_path_query_array(${rooms.seasonalPrices}, '$[*] ? (@.end_date > $from && @.start_date < $to)', jsonb_build_object('from', ${from}::text, 'to', ${to}::text)),
  'discounts', ${rooms.longStayDiscounts},
  'terms', ${priceTermsColumn})`;

/** The search's queries: one for the rooms of a search, and the suggestions' (their rules, then the free rooms per arrival). */
export class SearchRepository {
  constructor(private readonly db: Database) {}

  /**
   * Every room the filter admits and, given a stay [start, end), none of whose nights is taken: by a booking that
   * occupies its nights (booking-nights.ts: a live stay or a running hold; an expired hold frees them), by a block or
   * an imported event. One query whatever the number of rooms: the rooms with a night taken in the stay are read once
   * through the nights indexes (every room's stays in a window: bookings_active_nights_idx, room_blocks_room_nights_idx)
   * and left out — work bounded by the rooms and the stay's length, not by the bookings' history, where a probe per
   * room into the (room, nights) index grows with every room's past stays.
   */
  async candidates(filter: RoomFilter, stay?: { start: string; end: string; pricedTo: string }): Promise<CandidateRow[]> {
    const free = stay
      ? and(notInArray(rooms.id, this.takenIn(stay.start, stay.end, filter.propertyId)), notInArray(rooms.id, this.blockedIn(stay.start, stay.end)))
      : undefined;
    return this.db
      .select({
        id: rooms.id,
        maxGuests: rooms.maxGuests,
        pricePerWeekCents: rooms.pricePerWeekCents,
        // Without dates only the price per week counts: the terms are not read.
        pricing: stay ? pricingIn({ from: stay.start, to: stay.pricedTo }) : sql<null>`null`,
      })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(roomConditions(filter), free));
  }

  /**
   * The rooms with a night of [from, to) taken by a booking that occupies it: one read of the window's stays, only of
   * the property's rooms when the search names one (a few probes of its rooms' nights instead of every room's window).
   */
  private takenIn(from: string, to: string, propertyId?: string) {
    const ofProperty = propertyId ? inArray(bookings.roomId, this.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.propertyId, propertyId))) : undefined;
    return this.db.select({ id: bookings.roomId }).from(bookings).where(and(ofProperty, nightsMeet(from, to), occupiesNights()));
  }

  /** The rooms with a night of [from, to) blocked (by the owner or an imported calendar). */
  private blockedIn(from: string, to: string) {
    return this.db.select({ id: roomBlocks.roomId }).from(roomBlocks).where(and(eq(roomBlocks.blocking, true), blockNightsMeet(from, to)));
  }

  /** The rows a page shows, by room id, in one query (the caller orders them). */
  async page(ids: string[]): Promise<PageRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: rooms.id,
        propertyId: rooms.propertyId,
        roomNumber: rooms.roomNumber,
        maxGuests: rooms.maxGuests,
        pricePerWeekCents: rooms.pricePerWeekCents,
        amenities: rooms.amenities,
        photo: sql<string | null>`${rooms.photos} ->> 0`,
        propertyName: properties.name,
        location: properties.location,
        translations: properties.translations,
        latitude: properties.latitude,
        longitude: properties.longitude,
        ...roomRating(rooms.id),
      })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(inArray(rooms.id, ids));
  }

  /** The distinct stay rules among the rooms the filter admits: a handful, whatever the number of rooms. */
  async ruleSets(filter: RoomFilter): Promise<StayRules[]> {
    const rows = await this.db
      .selectDistinct({ rules: rooms.stayRules })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(roomConditions(filter));
    return rows.map((row) => row.rules);
  }

  /**
   * For each stay asked (its arrival, the rules of the rooms that may take it), how many rooms the filter admits with
   * those rules are free for `nights` nights from that arrival, and with `withIds` which. One statement: every room's
   * taken nights around the arrivals (bookings that occupy them, blocks, imported events: read once through the
   * nights indexes, as `candidates` does), then every (admitted room, arrival) asked without one of them in its stay,
   * counted per arrival in the database: the answer is a row per arrival, never a row per room or per booking.
   */
  async freeOnArrivals(filter: RoomFilter, nights: number, asked: ArrivalAsked[], withIds: boolean): Promise<FreeOnArrival[]> {
    if (asked.length === 0) return [];
    const arrivals = asked.map((stay) => stay.arrival).sort();
    const [from, to] = [arrivals[0]!, addDays(arrivals.at(-1)!, nights)];
    const admitted = this.db
      .select({ id: rooms.id, rules: rooms.stayRules })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(roomConditions(filter));
    const stays = this.db
      .select({ roomId: bookings.roomId, startDate: bookings.startDate, endDate: bookings.endDate })
      .from(bookings)
      .where(and(nightsMeet(from, to), occupiesNights()));
    const blocked = this.db
      .select({ roomId: roomBlocks.roomId, startDate: roomBlocks.startDate, endDate: roomBlocks.endDate })
      .from(roomBlocks)
      .where(and(eq(roomBlocks.blocking, true), blockNightsMeet(from, to)));
    return queryRows<FreeOnArrival>(
      this.db,
      sql`with admitted (id, rules) as (${admitted}),
        taken (room_id, start_date, end_date) as (${stays} union all ${blocked})
      select asked.arrival::text as arrival, count(*)::int as rooms, ${withIds ? sql`array_agg(admitted.id)` : sql`null`} as ids
      from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as asked (rules jsonb, arrival date)
      join admitted on admitted.rules = asked.rules
      where not exists (
        select 1 from taken
        where taken.room_id = admitted.id and taken.start_date < asked.arrival + ${nights}::int and taken.end_date > asked.arrival
      )
      group by asked.arrival`,
    );
  }

  /** The pricing of these rooms for stays priced within [from, pricedTo): the suggestions' price filter. */
  async pricing(ids: string[], from: string, pricedTo: string): Promise<Array<{ id: string; pricing: StayPricing }>> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: rooms.id, pricing: pricingIn({ from, to: pricedTo }) })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(inArray(rooms.id, ids));
  }
}
