import type { Language } from '@roomweek/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

/**
 * The admin area's query keys, in one place so no two screens share one by accident. Keys sit under the shared
 * prefixes of lib/query-keys, so a booking made on the public site (which invalidates `bookings` and `rooms`) also
 * refreshes these lists, and an admin change refreshes the public screens.
 */
export const adminKeys = {
  bookingPage: (filter: unknown, language: Language) => [...queryKeys.bookings, 'admin', 'page', filter, language] as const,
  bookingSummary: [...queryKeys.bookings, 'admin', 'summary'] as const,
  availability: (language: Language) => [...queryKeys.bookings, 'admin', 'availability', language] as const,
  /** The admin's views of the catalogue: texts in the admin's language, plus every language's as written. */
  properties: (language: Language) => [...queryKeys.properties, 'admin', language] as const,
  allRooms: (language: Language) => [...queryKeys.rooms, 'all', language] as const,
  amenities: (language: Language) => ['amenities', language] as const,
  paymentSettings: ['admin', 'payment-settings'] as const,
  whatsappSettings: ['admin', 'whatsapp-settings'] as const,
  business: ['admin', 'business'] as const,
  cancellationPolicy: ['cancellation-policy'] as const,
  /** The site's deposit and balance terms (issue 28). */
  paymentTerms: ['payment-terms'] as const,
  /** One booking's payments, read when its card's payments are opened; under `bookings`, so a booking's change refreshes them. */
  bookingPayments: (id: string) => [...queryKeys.bookings, 'admin', 'payments', id] as const,
  overdueBalances: [...queryKeys.bookings, 'admin', 'overdue-balances'] as const,
};

/** GET /properties with the admin's session: texts in the admin's language, and every language's as written (§15). */
export const propertiesQuery = (language: Language) =>
  queryOptions({
    queryKey: adminKeys.properties(language),
    queryFn: ({ signal }) => api.properties.list({ language, admin: true, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /rooms: every room of every (non-archived) property, amenities as labels and as stored (amenity_keys). */
export const roomsQuery = (language: Language) =>
  queryOptions({
    queryKey: adminKeys.allRooms(language),
    queryFn: ({ signal }) => api.rooms.list(undefined, { language, admin: true, signal }),
    placeholderData: keepPreviousData,
  });

// Property names and amenities in the admin's language (docs/behaviour.md §15): each read is keyed by it.
export const useProperties = () => useQuery(propertiesQuery(useLanguage()));
export const useRooms = () => useQuery(roomsQuery(useLanguage()));

/** Marks the given keys stale, so every screen showing them asks again. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return (...keys: (readonly unknown[])[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
