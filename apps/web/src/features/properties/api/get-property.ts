import type { Language } from '@roomweek/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { contentQuery } from '@/lib/content-query';
import { queryKeys } from '@/lib/query-keys';

export const getProperty = (id: string, language: Language, signal?: AbortSignal) => api.properties.get(id, { language, signal });

/** One property, its texts in `language` (docs/behaviour.md §15). */
export const propertyQuery = (id: string, language: Language) =>
  contentQuery(queryKeys.property(id, language), (signal) => getProperty(id, language, signal), { page: true });

export const useProperty = (id: string) => useQuery(propertyQuery(id, useLanguage()));
