import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getMyBookings = (signal?: AbortSignal) => api.bookings.mine(signal);

export const myBookingsQuery = queryOptions({
  queryKey: queryKeys.myBookings,
  queryFn: ({ signal }) => getMyBookings(signal),
  staleTime: 0,
});

export const useMyBookings = () => useQuery(myBookingsQuery);
