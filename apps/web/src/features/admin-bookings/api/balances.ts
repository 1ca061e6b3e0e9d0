import type { AdminBalanceBody, RecordPaymentBody } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { adminKeys, useInvalidate } from '@/features/admin-shell/api/admin-queries';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';

// A deposit now, the balance later (issue 28): a booking's payments, the owner's hand on its balance, the overdue ones.

/** GET /admin/bookings/{id}/payments: read only when the booking's payments are opened, never for the whole list. */
export const bookingPaymentsQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.bookingPayments(id),
    queryFn: ({ signal }) => adminApi.balances.payments(id, signal),
    staleTime: 10_000,
  });

export const useBookingPayments = (id: string, open: boolean) => useQuery({ ...bookingPaymentsQuery(id), enabled: open });

/** GET /admin/balances/overdue: the dashboard's list. */
export const overdueBalancesQuery = queryOptions({
  queryKey: adminKeys.overdueBalances,
  queryFn: ({ signal }) => adminApi.balances.overdue(signal),
  staleTime: 10_000,
});

export const useOverdueBalances = () => useQuery(overdueBalancesQuery);

/**
 * POST /admin/bookings/{id}/payments: money received on site. The booking (its paid amount), its payments, the counters
 * and the overdue list all change: every read under `bookings` is asked again.
 */
export function useRecordPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RecordPaymentBody }) => adminApi.balances.recordPayment(id, body),
    onSuccess: () => invalidate(queryKeys.bookings),
  });
}

/** POST /admin/bookings/{id}/balance: charge the saved card now, mark the balance paid, or waive it. */
export function useManageBalance() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminBalanceBody }) => adminApi.balances.manage(id, body),
    onSettled: () => invalidate(queryKeys.bookings),
  });
}
