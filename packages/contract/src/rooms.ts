import { z } from 'zod';
import { CancellationPolicy } from './cancellation.ts';
import { CalendarDate, DateInput, Euros, Id, Photos } from './common.ts';

export const Room = z.object({
  id: Id,
  property_id: Id,
  room_number: z.string(),
  price_per_week: z.number(),
  amenities: z.array(z.string()),
  photos: z.array(z.string()),
});
export type Room = z.infer<typeof Room>;

/**
 * A room with the name of its property, for the booking page and the admin cards, and the cancellation terms a
 * booking of it gets now (its property's, or else the site's).
 */
export const RoomDetail = Room.extend({ property_name: z.string(), cancellation_policy: CancellationPolicy });
export type RoomDetail = z.infer<typeof RoomDetail>;

export const RoomInput = z.object({
  property_id: Id,
  room_number: z.string().trim().min(1).max(50),
  price_per_week: Euros,
  amenities: z
    .array(z.string().max(100))
    .max(50)
    .default([])
    .transform((list) => [...new Set(list.map((a) => a.trim()).filter((a) => a.length > 0))]),
  photos: Photos.default([]),
});
export type RoomInput = z.input<typeof RoomInput>;

export const RoomsQuery = z.object({ property_id: Id.optional() });

export const AvailabilityQuery = z.object({ start: DateInput.optional(), end: DateInput.optional() });
export const BookedRange = z.object({ start_date: CalendarDate, end_date: CalendarDate });
export type BookedRange = z.infer<typeof BookedRange>;
export const AvailabilityResponse = z.object({ bookings: z.array(BookedRange) });
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/** How far ahead the calendar looks (docs/behaviour.md §9). */
export const AVAILABILITY_WINDOW_DAYS = 180;
