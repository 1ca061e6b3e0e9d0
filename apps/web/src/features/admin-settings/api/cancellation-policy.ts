import type { CancellationPolicy } from '@roomweek/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin-shell/api/admin-queries';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';
import { useSettingSave } from './settings';

/** GET /cancellation-policy: the site's terms (a property may have its own). */
export const cancellationPolicyQuery = queryOptions({
  queryKey: adminKeys.cancellationPolicy,
  queryFn: ({ signal }) => adminApi.cancellation.policy(signal),
  staleTime: 0,
});

export const useCancellationPolicy = () => useQuery(cancellationPolicyQuery);

/**
 * PUT /admin/cancellation-policy. The rooms answer the terms a new booking gets, so they are read again; bookings
 * already made keep theirs.
 */
export const useUpdateCancellationPolicy = () =>
  useSettingSave((policy: CancellationPolicy) => adminApi.cancellation.updatePolicy(policy), adminKeys.cancellationPolicy, queryKeys.rooms);
