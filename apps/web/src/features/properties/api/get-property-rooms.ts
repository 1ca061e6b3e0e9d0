import type { Language } from '@roomweek/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { keepWhileLanguageChanges, queryKeys } from '@/lib/query-keys';

/** The rooms of one property (GET /rooms?property_id=…), shown on the property page, amenities in `language`. */
export const getPropertyRooms = (propertyId: string, language: Language, signal?: AbortSignal) =>
  api.rooms.list(propertyId, { language, signal });

export const propertyRoomsQuery = (propertyId: string, language: Language) => {
  const queryKey = queryKeys.propertyRooms(propertyId, language);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getPropertyRooms(propertyId, language, signal),
    placeholderData: (previous, previousQuery) => keepWhileLanguageChanges(previous, previousQuery, queryKey),
  });
};

export const usePropertyRooms = (propertyId: string) => useQuery(propertyRoomsQuery(propertyId, useLanguage()));
