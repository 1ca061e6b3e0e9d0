import { z } from 'zod';
import { CancellationPolicy } from './cancellation.ts';
import { CalendarDate, DateInput, Euros, Id, Language, Photos } from './common.ts';
import { LanguageQuery } from './content.ts';
import { Fee, FeesInput, Tax } from './price-schemas.ts';
import { MAX_GUESTS, MIN_GUESTS } from './party-rules.ts';
import { LongStayDiscount, LongStayDiscountsInput, SeasonalPrice, SeasonalPricesInput, StayRules, StayRulesInput } from './stay-schemas.ts';

export { AVAILABILITY_WINDOW_DAYS } from './room-rules.ts';

/** A room's rules of stay, seasonal prices and long-stay tiers (docs/behaviour.md §11). */
const RoomStayTerms = {
  rules: StayRules,
  seasonal_prices: z.array(SeasonalPrice),
  long_stay_discounts: z.array(LongStayDiscount),
};

export const Room = z.object({
  id: Id,
  property_id: Id,
  room_number: z.string(),
  price_per_week: z.number(),
  /** How many people (adults and children) may stay in it. */
  max_guests: z.number().int(),
  /**
   * As shown: a vocabulary amenity's label in the language answered (GET /amenities), a free-text one as written
   * (docs/behaviour.md §15).
   */
  amenities: z.array(z.string()),
  /** The language of each amenity above: the one answered for the vocabulary's, `fr` for free text. */
  text_languages: z.object({ amenities: z.array(Language) }),
  photos: z.array(z.string()),
  ...RoomStayTerms,
  /** Its own fees, in place of its property's; null: its property's (docs/behaviour.md §18). */
  fees: z.array(Fee).nullable(),
  /** In the public reads (GET /rooms, /rooms/{id}): the visible reviews' average, one decimal (null: none), and count. */
  rating_average: z.number().nullable().optional(),
  review_count: z.number().int().optional(),
  /** Only in an admin's reads and writes: the amenities as stored, vocabulary keys (`wifi`) and free text. */
  amenity_keys: z.array(z.string()).optional(),
});
export type Room = z.infer<typeof Room>;

/**
 * A room with the name of its property, for the booking page and the admin cards, and the cancellation terms a
 * booking of it gets now (its property's, or else the site's).
 */
/** The fees (the room's own, else its property's), taxes and VAT a stay in the room pays: what the stay summary prices with. */
export const PriceTermsResponse = z.object({ fees: z.array(Fee), taxes: z.array(Tax), vat_percent: z.number() });
export type PriceTermsResponse = z.infer<typeof PriceTermsResponse>;

export const RoomDetail = Room.extend({
  property_name: z.string(),
  price_terms: PriceTermsResponse,
  cancellation_policy: CancellationPolicy,
  text_languages: z.object({ amenities: z.array(Language), property_name: Language }),
});
export type RoomDetail = z.infer<typeof RoomDetail>;

export const RoomInput = z.object({
  property_id: Id,
  room_number: z.string().trim().min(1).max(50),
  price_per_week: Euros,
  /** How many people (adults and children together) may stay: 1 to 30; left out, 2 on create and unchanged on update. */
  max_guests: z.number().int().min(MIN_GUESTS).max(MAX_GUESTS).optional(),
  /** Each a vocabulary key (GET /amenities: `wifi`, `desk`…) or free text, shown as written. */
  amenities: z
    .array(z.string().max(100))
    .max(50)
    .default([])
    .transform((list) => [...new Set(list.map((a) => a.trim()).filter((a) => a.length > 0))]),
  photos: Photos.default([]),
  /** Left out: no rule on create, unchanged on update (so do seasonal_prices and long_stay_discounts). */
  rules: StayRulesInput.optional(),
  seasonal_prices: SeasonalPricesInput.optional(),
  long_stay_discounts: LongStayDiscountsInput.optional(),
  /** Its own fees in place of its property's; null: its property's; left out: unchanged (its property's on create). */
  fees: FeesInput.nullable().optional(),
  /** Also give every other room of the property this room's rules and long-stay tiers (not its prices). */
  apply_rules_to_property: z.boolean().default(false),
});
export type RoomInput = z.input<typeof RoomInput>;
/** A room body once checked: defaults filled in, lists cleaned and sorted. */
export type RoomValues = z.output<typeof RoomInput>;

export const RoomsQuery = LanguageQuery.extend({ property_id: Id.optional() });

export const AvailabilityQuery = z.object({ start: DateInput.optional(), end: DateInput.optional() });
export const BookedRange = z.object({ start_date: CalendarDate, end_date: CalendarDate });
export type BookedRange = z.infer<typeof BookedRange>;
/** The taken stays and blocked nights, and the room's rules and prices beside them: the calendar needs this one call. */
export const AvailabilityResponse = z.object({
  bookings: z.array(BookedRange),
  /** Nights the owner blocked, or that another platform's calendar took (docs/behaviour.md §14): dates only, no note. */
  blocks: z.array(BookedRange),
  ...RoomStayTerms,
  price_terms: PriceTermsResponse,
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;
