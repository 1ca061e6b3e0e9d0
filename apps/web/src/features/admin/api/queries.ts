import type { PropertyInput, RoomInput } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The admin area's data. Keys sit under the shared prefixes of lib/query-keys, so a booking made on the public
 * site (which invalidates `bookings` and `rooms`) also refreshes these lists, and an admin change refreshes the
 * public screens.
 */
export const adminKeys = {
  allBookings: [...queryKeys.bookings, 'all'] as const,
  allRooms: [...queryKeys.rooms, 'all'] as const,
  paymentSettings: ['admin', 'payment-settings'] as const,
  whatsappSettings: ['admin', 'whatsapp-settings'] as const,
};

/** GET /properties: the same list (and cache entry) as the home page. */
export const propertiesQuery = queryOptions({
  queryKey: queryKeys.properties,
  queryFn: ({ signal }) => api.properties.list(signal),
});

/** GET /rooms: every room of every (non-archived) property. */
export const roomsQuery = queryOptions({
  queryKey: adminKeys.allRooms,
  queryFn: ({ signal }) => api.rooms.list(undefined, signal),
});

/** GET /bookings/all: every booking, for the counters, the bookings list and availability. */
export const allBookingsQuery = queryOptions({
  queryKey: adminKeys.allBookings,
  queryFn: ({ signal }) => api.bookings.all(signal),
  staleTime: 10_000,
});

export const useProperties = () => useQuery(propertiesQuery);
export const useRooms = () => useQuery(roomsQuery);
export const useAllBookings = () => useQuery(allBookingsQuery);

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

/** An admin cancels any non-cancelled booking; the room's nights free up. */
export function useCancelBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.bookings.cancel(id),
    onSettled: () => invalidate(queryKeys.bookings, queryKeys.rooms),
  });
}
