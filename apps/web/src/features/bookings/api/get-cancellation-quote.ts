import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /bookings/{id}/cancellation: what cancelling now would give back (the booking's terms, the site's today). */
export const getCancellationQuote = (id: string, signal?: AbortSignal) => api.bookings.cancellation(id, signal);

/** Asked afresh each time the prompt opens (the day, and so the refund, may have changed), and not kept after. */
export const cancellationQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.bookings, id, 'cancellation'] as const,
    queryFn: ({ signal }) => getCancellationQuote(id, signal),
    staleTime: 0,
    gcTime: 0,
  });

/** The quote, while `enabled` (the cancel prompt is open). */
export const useCancellationQuote = (id: string, enabled: boolean) => useQuery({ ...cancellationQuoteQuery(id), enabled });
