import type { ReviewsPage } from '@roomweek/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ReviewsOf = 'property' | 'room';

/**
 * A property's or a room's visible reviews, newest first, page after page (docs/decisions/0035). The first page is
 * read by the server with the page (app/server/page-data.ts), so the reviews are in the HTML.
 */
export const reviewsQuery = (kind: ReviewsOf, id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.publicReviews(kind, id),
    queryFn: ({ pageParam, signal }) =>
      kind === 'property' ? api.reviews.ofProperty(id, pageParam ?? undefined, signal) : api.reviews.ofRoom(id, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ReviewsPage) => page.next_cursor,
    retryOnMount: false,
  });

export const useReviews = (kind: ReviewsOf, id: string) => useInfiniteQuery(reviewsQuery(kind, id));
