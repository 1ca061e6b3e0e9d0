import type { Language, SearchResponse } from '@roomweek/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { searchApiQuery, type SearchState } from '../lib/search-params';

/**
 * The search's pages (GET /search, issue 26): the first from the address's cursor (none: the first of all), each next
 * one from the page before's `next_cursor`. Under the rooms' key, so a booking drops it.
 */
export const searchRoomsQuery = (state: SearchState, language: Language) => {
  const query = searchApiQuery(state);
  return infiniteQueryOptions({
    // Under the rooms' reads: a booking made drops it.
    queryKey: ['rooms', 'search', { ...query, from: state.cursor ?? null }, language],
    queryFn: ({ pageParam, signal }) => api.search({ ...query, cursor: pageParam ?? undefined }, { language, signal }),
    initialPageParam: state.cursor ?? null,
    getNextPageParam: (page: SearchResponse) => page.next_cursor,
    retry: false,
    // A search the server rendered as refused (400) stays so in the browser: its message is shown, not asked again.
    retryOnMount: false,
  });
};

export const useSearchRooms = (state: SearchState) => useInfiniteQuery(searchRoomsQuery(state, useLanguage()));

/** The amenities a visitor may filter on, labelled in `language`. */
export const amenitiesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['amenities', language],
    queryFn: ({ signal }) => api.amenities({ language, signal }),
    staleTime: 60 * 60 * 1000,
  });

export const useAmenities = () => useQuery(amenitiesQuery(useLanguage()));

/** Every property (for the property filter): the home page's read, under its key. */
export const searchPropertiesQuery = (language: Language) =>
  queryOptions({
    queryKey: queryKeys.propertyList(language),
    queryFn: ({ signal }) => api.properties.list({ language, signal }),
  });

export const useSearchProperties = () => useQuery(searchPropertiesQuery(useLanguage()));
