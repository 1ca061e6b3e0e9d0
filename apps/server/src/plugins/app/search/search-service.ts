import {
  addDays,
  brokenRules,
  DAYS_PER_WEEK,
  daysBetween,
  isoWeekday,
  priceStay,
  SEARCH_MAX_SUGGESTIONS,
  SEARCH_SUGGESTION_DAYS,
  toCents,
  toEuros,
  type Language,
  type SearchItem,
  type SearchQuery,
  type SearchResponse,
  type SearchSort,
  type SearchSuggestion,
  type Party,
  type StayPricing,
  type StayRules,
} from '@roomweek/contract';
import type { z } from 'zod';
import { badRequest } from '../../../lib/errors.ts';
import type { BookingsService } from '../bookings/bookings-service.ts';
import { showAmenities } from '../content/amenities.ts';
import { localisedText } from '../content/translations.ts';
import { decodeCursor, encodeCursor, type SearchPosition } from './search-cursor.ts';
import type { PageRow, RoomFilter, SearchRepository } from './search-repository.ts';

export type SearchParams = z.output<typeof SearchQuery>;

export interface SearchServiceOptions {
  repository: SearchRepository;
  /** The site's calendar rules for a stay's dates (as a booking's: not past, not too long, not too far), and its today. */
  stays: Pick<BookingsService, 'normaliseStay' | 'today'>;
}

/** A room found: its sort key and id (its position), and its total with dates. */
interface Match extends SearchPosition {
  totalCents?: number;
}

interface Stay {
  start: string;
  end: string;
}

/** Euros bounds of the filter, in cents: on the stay's total with dates, on the price per week without. */
interface PriceBounds {
  min: number;
  max: number;
}

/**
 * GET /search (issue 26, docs/behaviour.md §17). The query finds the rooms that are bookable, large enough, with
 * the amenities and, given dates, free on every night; this service keeps those whose stay rules the stay keeps
 * (quote.ts, the very quote a booking is charged), prices them, filters on the price, sorts them by (key, room id) and
 * answers the page after the cursor: keyset paging, so bookings made between two pages neither repeat nor skip a room.
 * The work is bounded by the number of rooms, never by the number of bookings.
 */
export class SearchService {
  constructor(private readonly options: SearchServiceOptions) {}

  async search(query: SearchParams, language: Language): Promise<SearchResponse> {
    const stay = this.stayOf(query);
    // The whole price of the stay for this party (stay-price.ts): the total a booking of it would be charged.
    const party = { adults: Math.max(1, query.guests - query.children), children: Math.min(query.children, query.guests - 1) };
    const filter: RoomFilter = { guests: query.guests, propertyId: query.property_id, amenities: amenityKeys(query.amenities) };
    const bounds = priceBounds(query);
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort);

    const { repository } = this.options;
    const rows = await repository.candidates(filter, stay && { ...stay, pricedTo: pricedUntil(stay) });
    const matches: Match[] = [];
    for (const row of rows) {
      const totalCents = stay && row.pricing ? bookableTotal(row.pricing, stay, party) : undefined;
      if (stay && totalCents === undefined) continue;
      const price = totalCents ?? row.pricePerWeekCents;
      if (price < bounds.min || price > bounds.max) continue;
      matches.push({ id: row.id, key: sortKey(query.sort, price, row.maxGuests), totalCents });
    }
    matches.sort(comparePositions);
    const start = after ? matches.findIndex((match) => comparePositions(match, after) > 0) : 0;
    const page = start < 0 ? [] : matches.slice(start, start + query.limit);
    const last = page.at(-1);
    const more = start >= 0 && start + query.limit < matches.length;
    // The page's rooms in one query, shown in the order found.
    const shown = new Map((await repository.page(page.map((match) => match.id))).map((row) => [row.id, row]));
    const items: SearchItem[] = [];
    for (const match of page) {
      const row = shown.get(match.id);
      if (row) items.push(toItem(row, language, stay, match.totalCents));
    }
    return {
      items,
      next_cursor: more && last ? encodeCursor(query.sort, last) : null,
      total: matches.length,
      suggestions: stay && matches.length === 0 ? await this.suggestions(filter, stay, bounds, party) : [],
    };
  }

  /** Both dates or neither; given, the same calendar rules as a booking's (400 with the field). */
  private stayOf(query: SearchParams): Stay | undefined {
    const { start_date: start, end_date: end } = query;
    if (start === undefined && end === undefined) return undefined;
    if (start === undefined) throw badRequest('invalid_dates', 'Give the arrival with the departure', 'start_date');
    if (end === undefined) throw badRequest('invalid_dates', 'Give the departure with the arrival', 'end_date');
    return this.options.stays.normaliseStay(start, end);
  }

  /**
   * Up to SEARCH_MAX_SUGGESTIONS stays of the same length arriving within SEARCH_SUGGESTION_DAYS either side, nearest
   * first (the earlier of two as near), each with how many rooms it would find; arrivals in the past are not offered.
   * The rooms' stay rules are a handful of distinct sets: which arrivals each set allows is worked out here (the same
   * brokenRules a booking meets); then, SUGGESTION_BATCH arrivals at a time, nearest first, one statement counts per
   * arrival the rooms with those rules that are free, until enough are found. With a price filter the free rooms are
   * priced here (quote.ts) and only those within it count.
   */
  private async suggestions(filter: RoomFilter, stay: Stay, bounds: PriceBounds, party: Party): Promise<SearchSuggestion[]> {
    const { repository } = this.options;
    const nights = daysBetween(stay.start, stay.end);
    const today = this.options.stays.today();
    const ruleSets = await repository.ruleSets(filter);
    const allows = (rules: StayRules, arrival: string) => brokenRules(rules, isoWeekday(arrival), nights).length === 0;
    const arrivals: string[] = [];
    for (let days = 1; days <= SEARCH_SUGGESTION_DAYS; days++) {
      for (const start of [addDays(stay.start, -days), addDays(stay.start, days)]) {
        if (start >= today && ruleSets.some((rules) => allows(rules, start))) arrivals.push(start);
      }
    }
    if (arrivals.length === 0) return [];
    const priced = bounds.min > 0 || bounds.max < Number.MAX_SAFE_INTEGER;
    const prices = new StayPrices(repository, nights, arrivals, party);
    const found: SearchSuggestion[] = [];
    for (let i = 0; i < arrivals.length && found.length < SEARCH_MAX_SUGGESTIONS; i += SUGGESTION_BATCH) {
      const batch = arrivals.slice(i, i + SUGGESTION_BATCH);
      const asked = ruleSets.flatMap((rules) => batch.filter((arrival) => allows(rules, arrival)).map((arrival) => ({ rules, arrival })));
      const free = new Map((await repository.freeOnArrivals(filter, nights, asked, priced)).map((row) => [row.arrival, row]));
      for (const arrival of batch) {
        const row = free.get(arrival);
        const rooms = !row ? 0 : priced ? await prices.countWithin(row.ids ?? [], arrival, bounds) : row.rooms;
        if (rooms > 0) found.push({ start_date: arrival, end_date: addDays(arrival, nights), rooms });
        if (found.length >= SEARCH_MAX_SUGGESTIONS) break;
      }
    }
    return found;
  }
}

/** Arrivals the suggestions count in one statement: the nearest few usually find enough. */
const SUGGESTION_BATCH = 8;

/** The suggestions' price filter: each room's pricing read once, for the whole window of the arrivals asked. */
class StayPrices {
  private readonly pricing = new Map<string, StayPricing>();
  private readonly window: { from: string; pricedTo: string };

  constructor(
    private readonly repository: SearchRepository,
    private readonly nights: number,
    /** Not empty. */
    arrivals: string[],
    private readonly party: Party,
  ) {
    const sorted = [...arrivals].sort();
    const [first, last] = [sorted[0]!, sorted.at(-1)!];
    this.window = { from: first, pricedTo: pricedUntil({ start: last, end: addDays(last, nights) }) };
  }

  /** How many of these rooms charge a total within the bounds for the stay from `arrival`. */
  async countWithin(ids: string[], arrival: string, bounds: PriceBounds): Promise<number> {
    const missing = ids.filter((id) => !this.pricing.has(id));
    for (const row of await this.repository.pricing(missing, this.window.from, this.window.pricedTo)) this.pricing.set(row.id, row.pricing);
    const end = addDays(arrival, this.nights);
    return ids.filter((id) => {
      const terms = this.pricing.get(id);
      const total = terms && priceStay(terms, arrival, end, this.party).totalCents;
      return total !== undefined && total >= bounds.min && total <= bounds.max;
    }).length;
  }
}

/** The stay's total in cents, or undefined when it breaks one of the room's stay rules (checked first: arithmetic). */
function bookableTotal(pricing: StayPricing, stay: Stay, party: Party): number | undefined {
  if (brokenRules(pricing.rules, isoWeekday(stay.start), daysBetween(stay.start, stay.end)).length > 0) return undefined;
  return priceStay(pricing, stay.start, stay.end, party).totalCents;
}

/** The last night a stay's price may reach, exclusive: a stay under a week is charged as the week from its arrival. */
const pricedUntil = (stay: Stay) => addDays(stay.start, Math.max(daysBetween(stay.start, stay.end), DAYS_PER_WEEK));

/** `price`: cheapest first; `-price`: dearest first; `capacity`: the smallest room that takes the party first. */
function sortKey(sort: SearchSort, priceCents: number, maxGuests: number): number {
  switch (sort) {
    case 'price':
      return priceCents;
    case '-price':
      return -priceCents;
    case 'capacity':
      return maxGuests;
  }
}

/** The order of the results: by key, then by room id (a total order, so pages never overlap). */
function comparePositions(a: SearchPosition, b: SearchPosition): number {
  if (a.key !== b.key) return a.key - b.key;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function amenityKeys(list: string | undefined): string[] {
  return [...new Set((list ?? '').split(',').map((key) => key.trim()).filter((key) => key.length > 0))];
}

function priceBounds(query: SearchParams): PriceBounds {
  const min = query.min_price === undefined ? 0 : toCents(query.min_price);
  const max = query.max_price === undefined ? Number.MAX_SAFE_INTEGER : toCents(query.max_price);
  if (min > max) throw badRequest('validation_error', 'max_price must not be below min_price', 'max_price');
  return { min, max };
}

function toItem(row: PageRow, language: Language, stay: Stay | undefined, totalCents: number | undefined): SearchItem {
  return {
    room_id: row.id,
    property_id: row.propertyId,
    room_number: row.roomNumber,
    property_name: localisedText(row.propertyName, row.translations, 'name', language).text,
    location: localisedText(row.location, row.translations, 'location', language).text,
    latitude: row.latitude,
    longitude: row.longitude,
    max_guests: row.maxGuests,
    price_per_week: toEuros(row.pricePerWeekCents),
    amenities: showAmenities(row.amenities, language).amenities,
    photo: row.photo,
    rating_average: row.ratingAverage,
    review_count: row.reviewCount,
    ...(stay && totalCents !== undefined && { total_price: toEuros(totalCents), nights: daysBetween(stay.start, stay.end) }),
  };
}
