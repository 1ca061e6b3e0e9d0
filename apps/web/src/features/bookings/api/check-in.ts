import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInBody } from '@roomweek/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const checkInKey = (id: string) => [...queryKeys.bookings, id, 'check-in'] as const;

/** GET /bookings/{id}/check-in: personal data, never kept once the screen is left. */
export const checkInQuery = (id: string) =>
  queryOptions({
    queryKey: checkInKey(id),
    queryFn: ({ signal }) => api.bookings.checkIn(id, signal),
    gcTime: 0,
  });

export const useCheckIn = (id: string) => useQuery(checkInQuery(id));

/** Saves the check-in as it stands; the answer replaces the read, and "my bookings" shows the new status. */
export function useSaveCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInBody) => api.bookings.saveCheckIn(id, body),
    onSuccess: (saved) => queryClient.setQueryData(checkInKey(id), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.bookings, 'mine'] }),
  });
}
