import type { Language } from '@roomweek/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { contentQuery } from '@/lib/content-query';
import { queryKeys } from '@/lib/query-keys';

export const getProperties = (language: Language, signal?: AbortSignal) => api.properties.list({ language, signal });

/** Every property, its texts in `language` (docs/behaviour.md §15). */
export const propertiesQuery = (language: Language) =>
  contentQuery(queryKeys.propertyList(language), (signal) => getProperties(language, signal));

export const useProperties = () => useQuery(propertiesQuery(useLanguage()));
