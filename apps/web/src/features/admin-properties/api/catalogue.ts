import type { Language, Property, PropertyInput, Room, RoomInput } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { adminKeys, useInvalidate } from '@/features/admin-shell/api/admin-queries';
import { api } from '@/lib/api-client';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { useLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

/** GET /amenities: the vocabulary the room form offers, labelled in the admin's language. */
export const amenitiesQuery = (language: Language) =>
  queryOptions({
    queryKey: adminKeys.amenities(language),
    queryFn: ({ signal }) => api.amenities({ language, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAmenityVocabulary = () => useQuery(amenitiesQuery(useLanguage()));

/** A create (no id) or an update, then the list it belongs to is read again. */
function useSave<Input, Saved>(
  endpoints: { create: (input: Input) => Promise<Saved>; update: (id: string, input: Input) => Promise<Saved> },
  list: readonly unknown[],
) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Input }) => (id ? endpoints.update(id, input) : endpoints.create(input)),
    onSuccess: () => invalidate(list),
  });
}

export const useSaveProperty = () => useSave<PropertyInput, Property>(adminApi.properties, queryKeys.properties);

/** Archives the property and its rooms (decision 0003); its bookings stay listed. */
export function useDeleteProperty() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => adminApi.properties.remove(id),
    onSuccess: () => invalidate(queryKeys.properties, queryKeys.rooms),
  });
}

export const useSaveRoom = () => useSave<RoomInput, Room>(adminApi.rooms, queryKeys.rooms);

export function useDeleteRoom() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => adminApi.rooms.remove(id),
    onSuccess: () => invalidate(queryKeys.rooms),
  });
}
