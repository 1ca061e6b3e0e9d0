import type { Language } from '@roomweek/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { keepWhileLanguageChanges, queryKeys } from '@/lib/query-keys';

export const getProperties = (language: Language, signal?: AbortSignal) => api.properties.list({ language, signal });

/** Every property, its texts in `language` (docs/behaviour.md §15). */
export const propertiesQuery = (language: Language) => {
  const queryKey = queryKeys.propertyList(language);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getProperties(language, signal),
    placeholderData: (previous, previousQuery) => keepWhileLanguageChanges(previous, previousQuery, queryKey),
  });
};

export const useProperties = () => useQuery(propertiesQuery(useLanguage()));
