import type { Language, PropertyInput, RoomInput } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { adminKeys, useInvalidate } from '@/features/admin-shell/api/admin-queries';
import { api } from '@/lib/api-client';
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
