import type { Language } from '@roomweek/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { keepWhileLanguageChanges, queryKeys } from '@/lib/query-keys';

export const getRoom = (id: string, language: Language, signal?: AbortSignal) => api.rooms.get(id, { language, signal });

/** One room with its property's name, amenities in `language` (docs/behaviour.md §15). */
export const roomQuery = (id: string, language: Language) => {
  const queryKey = queryKeys.room(id, language);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getRoom(id, language, signal),
    placeholderData: (previous, previousQuery) => keepWhileLanguageChanges(previous, previousQuery, queryKey),
    // A page the server rendered as "not found" stays so in the browser (docs/behaviour.md §16): the failed read
    // it brings is shown, not asked again behind a spinner (the page offers its own retry).
    retryOnMount: false,
  });
};

export const useRoom = (id: string) => useQuery(roomQuery(id, useLanguage()));
