import type { PaymentTerms } from '@roomweek/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin-shell/api/admin-queries';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';
import { useSettingSave } from './settings';

/** GET /payment-terms: the site's deposit and balance terms (issue 28; a property may have its own). */
export const paymentTermsQuery = queryOptions({
  queryKey: adminKeys.paymentTerms,
  queryFn: ({ signal }) => adminApi.balances.terms(signal),
  staleTime: 0,
});

export const usePaymentTerms = () => useQuery(paymentTermsQuery);

/**
 * PUT /admin/payment-terms. A stay's quote follows the terms a new booking gets, so the rooms are read again; bookings
 * already made keep theirs.
 */
export const useUpdatePaymentTerms = () =>
  useSettingSave((terms: PaymentTerms) => adminApi.balances.updateTerms(terms), adminKeys.paymentTerms, queryKeys.rooms);
