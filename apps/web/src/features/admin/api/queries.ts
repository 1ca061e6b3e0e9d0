import {
  ADMIN_PAGE_SIZE,
  type BookingStatus,
  type CancelBookingBody,
  type Language,
  type PropertyInput,
  type RefundBody,
  type RoomInput,
} from '@roomweek/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

/**
 * The admin area's data. Keys sit under the shared prefixes of lib/query-keys, so a booking made on the public
 * site (which invalidates `bookings` and `rooms`) also refreshes these lists, and an admin change refreshes the
 * public screens.
 */
export const adminKeys = {
  bookingPage: (filter: BookingPageFilter, language: Language) => [...queryKeys.bookings, 'admin', 'page', filter, language] as const,
  bookingSummary: [...queryKeys.bookings, 'admin', 'summary'] as const,
  availability: (language: Language) => [...queryKeys.bookings, 'admin', 'availability', language] as const,
  /** The admin's views of the catalogue: texts in the admin's language, plus every language's as written. */
  properties: (language: Language) => [...queryKeys.properties, 'admin', language] as const,
  allRooms: (language: Language) => [...queryKeys.rooms, 'all', language] as const,
  amenities: (language: Language) => ['amenities', language] as const,
  paymentSettings: ['admin', 'payment-settings'] as const,
  whatsappSettings: ['admin', 'whatsapp-settings'] as const,
  cancellationPolicy: ['cancellation-policy'] as const,
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

/** GET /amenities: the vocabulary the room form offers, labelled in the admin's language. */
export const amenitiesQuery = (language: Language) =>
  queryOptions({
    queryKey: adminKeys.amenities(language),
    queryFn: ({ signal }) => api.amenities({ language, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One page of the bookings screen: the status (or every one), the search as typed, trimmed, and the page (1-based). */
export interface BookingPageFilter {
  status: BookingStatus | null;
  q: string;
  page: number;
}

/**
 * GET /admin/bookings: one page of 50, filtered by the server, with the matching total. The previous page stays on
 * screen while the next one loads. `offset` says which page the answer is, since the screen may show the previous one.
 */
export const bookingPageQuery = ({ status, q, page }: BookingPageFilter, language: Language) => {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return queryOptions({
    queryKey: adminKeys.bookingPage({ status, q, page }, language),
    queryFn: async ({ signal }) => ({
      ...(await api.admin.bookings({ status: status ?? undefined, q, limit: ADMIN_PAGE_SIZE, offset }, signal)),
      offset,
    }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** GET /admin/bookings/summary: the counters over every booking. */
export const bookingSummaryQuery = queryOptions({
  queryKey: adminKeys.bookingSummary,
  queryFn: ({ signal }) => api.admin.bookingSummary(signal),
  staleTime: 10_000,
});

/** GET /admin/availability: the site's today and the bookings the availability screen needs. */
export const availabilityQuery = (language: Language) =>
  queryOptions({
    queryKey: adminKeys.availability(language),
    queryFn: ({ signal }) => api.admin.availability(signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

// Property names and amenities in the admin's language (docs/behaviour.md §15): each read is keyed by it.
export const useProperties = () => useQuery(propertiesQuery(useLanguage()));
export const useRooms = () => useQuery(roomsQuery(useLanguage()));
export const useAmenityVocabulary = () => useQuery(amenitiesQuery(useLanguage()));
export const useBookingPage = (filter: BookingPageFilter) => useQuery(bookingPageQuery(filter, useLanguage()));
export const useBookingSummary = () => useQuery(bookingSummaryQuery);
export const useAdminAvailability = () => useQuery(availabilityQuery(useLanguage()));

function useInvalidate() {
  const queryClient = useQueryClient();
  return (...keys: (readonly unknown[])[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveProperty() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PropertyInput }) =>
      id ? api.properties.update(id, input) : api.properties.create(input),
    onSuccess: () => invalidate(queryKeys.properties),
  });
}

/** Archives the property and its rooms (decision 0003); its bookings stay listed. */
export function useDeleteProperty() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.properties.remove(id),
    onSuccess: () => invalidate(queryKeys.properties, queryKeys.rooms),
  });
}

export function useSaveRoom() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RoomInput }) =>
      id ? api.rooms.update(id, input) : api.rooms.create(input),
    onSuccess: () => invalidate(queryKeys.rooms),
  });
}

export function useDeleteRoom() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.rooms.remove(id),
    onSuccess: () => invalidate(queryKeys.rooms),
  });
}

/** An admin cancels any non-cancelled booking, with the refund they chose and a reason; the room's nights free up. */
export function useCancelBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: CancelBookingBody }) => api.bookings.cancel(id, body),
    onSettled: () => invalidate(queryKeys.bookings, queryKeys.rooms),
  });
}

/**
 * A refund without cancelling (docs/behaviour.md §10). `key` is the Idempotency-Key of the admin's submission: sent
 * again with the same body, it answers the first refund and moves no money.
 */
export function useRefundBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: RefundBody; key: string }) => api.admin.refund(id, body, key),
    onSettled: () => invalidate(queryKeys.bookings),
  });
}
