import { z } from 'zod';
import { CalendarDate, DateInput, Id } from './common.ts';
import { MAX_GUESTS, MIN_GUESTS } from './party-rules.ts';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_SORTS } from './search-rules.ts';

/**
 * GET /search (issue 26): every room a party can book, with or without dates, one page of them sorted and filtered.
 */
const PriceBound = z.coerce.number().finite().min(0).max(10_000_000);

export const SearchQuery = z.object({
  /** Both or neither: with dates, only rooms bookable for exactly that stay. */
  start_date: DateInput.optional(),
  end_date: DateInput.optional(),
  /** Everyone who comes, adults and children: 1 to 30. */
  guests: z.coerce.number().int().min(MIN_GUESTS).max(MAX_GUESTS).default(1),
  /**
   * How many of the guests are children (docs/behaviour.md §18): the total prices the party as guests − children adults
   * and these children (a tourist tax may exempt them); at most guests − 1 (more is read as that).
   */
  children: z.coerce.number().int().min(0).max(MAX_GUESTS).default(0),
  property_id: Id.optional(),
  /** Euros; on the stay's total with dates, on the price per week without. */
  min_price: PriceBound.optional(),
  max_price: PriceBound.optional(),
  /** Comma-separated amenity keys (GET /amenities); a room must have all of them. */
  amenities: z.string().max(500).optional(),
  /** `price`: cheapest first (the stay's total with dates); `-price`: dearest first; `capacity`: smallest room first. Ties by room id. */
  sort: z.enum(SEARCH_SORTS).default('price'),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  /** The `next_cursor` of the page before. */
  cursor: z.string().max(500).optional(),
  lang: z.string().optional().catch(undefined),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchItem = z.object({
  room_id: Id,
  property_id: Id,
  room_number: z.string(),
  property_name: z.string(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  max_guests: z.number().int(),
  price_per_week: z.number(),
  /** Labels in the language answered (free-text amenities as written). */
  amenities: z.array(z.string()),
  /** The room's first photo, or null. */
  photo: z.string().nullable(),
  /** The room's visible reviews (issue 33): average, one decimal (null with none), and how many. */
  rating_average: z.number().nullable(),
  review_count: z.number().int(),
  /** With dates only: the quote for that stay (seasons and long-stay discount applied), euros. */
  total_price: z.number().optional(),
  /** With dates only: the nights of the stay. */
  nights: z.number().int().optional(),
});
export type SearchItem = z.infer<typeof SearchItem>;

/** Another stay of the same length that would find rooms, when the dates asked find none. */
export const SearchSuggestion = z.object({
  start_date: CalendarDate,
  end_date: CalendarDate,
  /** How many rooms would match it. */
  rooms: z.number().int(),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;

export const SearchResponse = z.object({
  items: z.array(SearchItem),
  /** Pass it as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
  /** How many rooms match in all pages. */
  total: z.number().int(),
  /** Empty unless dates were given and nothing matched. */
  suggestions: z.array(SearchSuggestion),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
