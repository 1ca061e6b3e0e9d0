import { ADMIN_PAGE_SIZE, type BookingStatus, type CancelBookingBody, type Language, type RefundBody } from '@roomweek/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { adminKeys, useInvalidate } from '@/features/admin-shell/api/admin-queries';
import { api } from '@/lib/api-client';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { useLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

/** One page of the bookings screen: the status (or every one), the search as typed, trimmed, and the page (1-based). */
export interface BookingPageFilter {
  status: BookingStatus | null;
  q: string;
  page: number;
}

/**
 * GET /admin/bookings: one page of 50, filtered by the server, with the matching total. The previous page stays on
 * screen while the next one loads. `offset` says which page the answer is, since the screen may show the previous one.
 */
export const bookingPageQuery = ({ status, q, page }: BookingPageFilter, language: Language) => {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return queryOptions({
    queryKey: adminKeys.bookingPage({ status, q, page }, language),
    queryFn: async ({ signal }) => ({
      ...(await adminApi.bookings({ status: status ?? undefined, q, limit: ADMIN_PAGE_SIZE, offset }, signal)),
      offset,
    }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** GET /admin/bookings/summary: the counters over every booking. */
export const bookingSummaryQuery = queryOptions({
  queryKey: adminKeys.bookingSummary,
  queryFn: ({ signal }) => adminApi.bookingSummary(signal),
  staleTime: 10_000,
});

/** GET /admin/availability: the site's today and the bookings the availability screen needs. */
export const availabilityQuery = (language: Language) =>
  queryOptions({
    queryKey: adminKeys.availability(language),
    queryFn: ({ signal }) => adminApi.availability(signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export const useBookingPage = (filter: BookingPageFilter) => useQuery(bookingPageQuery(filter, useLanguage()));
export const useBookingSummary = () => useQuery(bookingSummaryQuery);
export const useAdminAvailability = () => useQuery(availabilityQuery(useLanguage()));

/** An admin cancels any non-cancelled booking, with the refund they chose and a reason; the room's nights free up. */
export function useCancelBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: CancelBookingBody }) => api.bookings.cancel(id, body),
    onSettled: () => invalidate(queryKeys.bookings, queryKeys.rooms),
  });
}

/**
 * A refund without cancelling (docs/behaviour.md §10). `key` is the Idempotency-Key of the admin's submission: sent
 * again with the same body, it answers the first refund and moves no money.
 */
export function useRefundBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: RefundBody; key: string }) => adminApi.refund(id, body, key),
    onSettled: () => invalidate(queryKeys.bookings),
  });
}
