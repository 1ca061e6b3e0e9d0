import type { Language } from '@roomweek/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { contentQuery } from '@/lib/content-query';
import { queryKeys } from '@/lib/query-keys';

export const getRoom = (id: string, language: Language, signal?: AbortSignal) => api.rooms.get(id, { language, signal });

/** One room with its property's name, amenities in `language` (docs/behaviour.md §15). */
export const roomQuery = (id: string, language: Language) =>
  contentQuery(queryKeys.room(id, language), (signal) => getRoom(id, language, signal), { page: true });

export const useRoom = (id: string) => useQuery(roomQuery(id, useLanguage()));
