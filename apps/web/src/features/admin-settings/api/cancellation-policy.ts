import type { CancellationPolicy } from '@roomweek/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin-shell/api/admin-queries';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /cancellation-policy: the site's terms (a property may have its own). */
export const cancellationPolicyQuery = queryOptions({
  queryKey: adminKeys.cancellationPolicy,
  queryFn: ({ signal }) => api.cancellation.policy(signal),
  staleTime: 0,
});

export const useCancellationPolicy = () => useQuery(cancellationPolicyQuery);

/**
 * PUT /admin/cancellation-policy. The rooms answer the terms a new booking gets, so they are read again; bookings
 * already made keep theirs.
 */
export function useUpdateCancellationPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: CancellationPolicy) => api.cancellation.updatePolicy(policy),
    onSuccess: (policy) => {
      queryClient.setQueryData(adminKeys.cancellationPolicy, policy);
      return queryClient.invalidateQueries({ queryKey: queryKeys.rooms });
    },
  });
}
