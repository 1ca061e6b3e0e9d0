import type { AdminReviewsQuery, VisibilityBody } from '@roomweek/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';

/** The owner's reviews, filtered (docs/decisions/0035). */
export const adminReviewsQuery = (query: AdminReviewsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.reviews, 'admin', query],
    queryFn: ({ signal }) => adminApi.reviews.adminList(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminReviews = (query: AdminReviewsQuery) => useQuery(adminReviewsQuery(query));

/** The owner's reply and the visibility; every list of reviews is read again. */
export function useReviewActions() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.reviews });
  return {
    reply: useMutation({ mutationFn: ({ id, reply }: { id: string; reply: string }) => adminApi.reviews.reply(id, reply), onSuccess }),
    visibility: useMutation({ mutationFn: ({ id, body }: { id: string; body: VisibilityBody }) => adminApi.reviews.setVisibility(id, body), onSuccess }),
  };
}
