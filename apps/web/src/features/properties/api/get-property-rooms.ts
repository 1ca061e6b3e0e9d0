import type { Language } from '@roomweek/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { contentQuery } from '@/lib/content-query';
import { queryKeys } from '@/lib/query-keys';

/** The rooms of one property (GET /rooms?property_id=…), shown on the property page, amenities in `language`. */
export const getPropertyRooms = (propertyId: string, language: Language, signal?: AbortSignal) =>
  api.rooms.list(propertyId, { language, signal });

export const propertyRoomsQuery = (propertyId: string, language: Language) =>
  contentQuery(queryKeys.propertyRooms(propertyId, language), (signal) => getPropertyRooms(propertyId, language, signal));

export const usePropertyRooms = (propertyId: string) => useQuery(propertyRoomsQuery(propertyId, useLanguage()));
