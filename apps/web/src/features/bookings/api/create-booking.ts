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
    // Success adds a booking; a clash means our availability was stale: both refresh.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rooms }),
      ]),
  });
}
