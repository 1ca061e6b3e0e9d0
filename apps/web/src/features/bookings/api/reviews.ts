import type { ReviewBody } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The guest's stays open to a review and their reviews (docs/decisions/0035). */
export const myReviewsQuery = queryOptions({
  queryKey: queryKeys.myReviews,
  queryFn: ({ signal }) => api.reviews.mine(signal),
  staleTime: 0,
});

export const useMyReviews = () => useQuery(myReviewsQuery);

/** Writes (or, within 48 hours, changes) the review of a stay; the lists showing reviews are read again. */
export function useSaveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body, edit }: { bookingId: string; body: ReviewBody; edit: boolean }) =>
      edit ? api.reviews.edit(bookingId, body) : api.reviews.write(bookingId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
