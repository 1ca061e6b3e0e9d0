import type { Language } from '@roomweek/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { keepWhileLanguageChanges, queryKeys } from '@/lib/query-keys';

/** The guest's bookings; the API names their properties in the interface language (sent as Accept-Language). */
export const getMyBookings = (signal?: AbortSignal) => api.bookings.mine(signal);

export const myBookingsQuery = (language: Language) => {
  const queryKey = queryKeys.myBookings(language);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getMyBookings(signal),
    staleTime: 0,
    placeholderData: (previous, previousQuery) => keepWhileLanguageChanges(previous, previousQuery, queryKey),
  });
};

export const useMyBookings = () => useQuery(myBookingsQuery(useLanguage()));
