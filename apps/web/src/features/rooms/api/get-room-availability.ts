import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The room's booked stays in the window [start, end) — dates only, never who booked. */
export const getRoomAvailability = (id: string, start: string, end: string, signal?: AbortSignal) =>
  api.rooms.availability(id, start, end, signal);

export const roomAvailabilityQuery = (id: string, start: string, end: string) =>
  queryOptions({
    queryKey: queryKeys.roomAvailability(id, start, end),
    queryFn: ({ signal }) => getRoomAvailability(id, start, end, signal),
    staleTime: 0,
  });

export const useRoomAvailability = (id: string, window: { start: string; end: string } | null) =>
  useQuery({
    ...roomAvailabilityQuery(id, window?.start ?? '', window?.end ?? ''),
    enabled: window !== null,
  });
