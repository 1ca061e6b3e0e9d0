import type { CreateBookingBody } from '@roomweek/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /bookings: the server checks availability and computes the price. */
export const createBooking = (body: CreateBookingBody) => api.bookings.create(body);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // The room's availability is left as it is on success: refreshing it now would clear the stay the
    // page is confirming (its nights just became booked); the page reloads it on the next visit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
    // A clash means our availability was stale.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.rooms }),
  });
}
