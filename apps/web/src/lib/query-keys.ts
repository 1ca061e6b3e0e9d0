import type { Language } from '@roomweek/contract';

/**
 * Query keys shared across features, so that a mutation in one feature can invalidate what another shows
 * without importing it (e.g. a new booking refreshes "my bookings" and the room's availability). Reads of content
 * (docs/behaviour.md §15) end with the language they were answered in: switching language asks again.
 */
export const queryKeys = {
  config: ['config'] as const,
  me: ['auth', 'me'] as const,
  properties: ['properties'] as const,
  propertyList: (language: Language) => ['properties', 'list', language] as const,
  property: (id: string, language: Language) => ['properties', id, language] as const,
  propertyRooms: (propertyId: string, language: Language) => ['rooms', { propertyId }, language] as const,
  rooms: ['rooms'] as const,
  room: (id: string, language: Language) => ['rooms', id, language] as const,
  roomAvailability: (id: string, start: string, end: string) => ['rooms', id, 'availability', start, end] as const,
  bookings: ['bookings'] as const,
  myBookings: (language: Language) => ['bookings', 'mine', language] as const,
  /** Verified reviews (docs/decisions/0035): a property's or a room's public list, the guest's own, the owner's. */
  reviews: ['reviews'] as const,
  publicReviews: (kind: 'property' | 'room', id: string) => ['reviews', kind, id] as const,
  myReviews: ['reviews', 'mine'] as const,
  /** Admins and staff, and the audit log (docs/decisions/0039). */
  team: ['team'] as const,
  audit: ['audit'] as const,
};

/**
 * `placeholderData` of a read keyed by language (last in its key): while the same read loads in the newly chosen
 * language, the previous language's answer stays on screen instead of a spinner; another read shows its own loading.
 */
export function keepWhileLanguageChanges<T>(previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined, key: readonly unknown[]): T | undefined {
  if (previous === undefined || !previousQuery) return undefined;
  const sameRead = JSON.stringify(previousQuery.queryKey.slice(0, -1)) === JSON.stringify(key.slice(0, -1));
  return sameRead ? previous : undefined;
}
