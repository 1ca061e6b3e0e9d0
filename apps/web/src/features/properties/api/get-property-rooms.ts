import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The rooms of one property (GET /rooms?property_id=…), shown on the property page. */
export const getPropertyRooms = (propertyId: string, signal?: AbortSignal) => api.rooms.list(propertyId, signal);

export const propertyRoomsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: queryKeys.propertyRooms(propertyId),
    queryFn: ({ signal }) => getPropertyRooms(propertyId, signal),
  });

export const usePropertyRooms = (propertyId: string) => useQuery(propertyRoomsQuery(propertyId));
