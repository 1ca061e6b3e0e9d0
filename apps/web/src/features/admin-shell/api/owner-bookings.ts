import type { AdminCreateBookingBody } from '@roomweek/contract';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';
import { useInvalidate } from './admin-queries';

/** POST /admin/bookings: a stay the owner took by phone or e-mail; the lists, the timeline and the rooms' calendars ask again. */
export function useCreateOwnerBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AdminCreateBookingBody) => adminApi.createBooking(body),
    onSettled: () => invalidate(queryKeys.bookings, queryKeys.rooms),
  });
}
