import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The room's booked stays in the window [start, end) — dates only, never who booked. */
export const getRoomAvailability = (id: string, start: string, end: string, signal?: AbortSignal) =>
  api.rooms.availability(id, start, end, signal);

/**
 * How long a read of the booked nights stays fresh: a few seconds, so that the read a server-rendered room page came
 * with is not asked again while the page hydrates (the server's answer drops from its cache at any booking, so it is
 * as fresh as the page). Asked again then, the read re-rendered the whole page synchronously in hydration's commit,
 * a long task on a phone (docs/performance.md). A later visit reads it again, as does a refused booking (it invalidates it).
 */
const AVAILABILITY_FRESH_MS = 10_000;

export const roomAvailabilityQuery = (id: string, start: string, end: string) =>
  queryOptions({
    queryKey: queryKeys.roomAvailability(id, start, end),
    queryFn: ({ signal }) => getRoomAvailability(id, start, end, signal),
    staleTime: AVAILABILITY_FRESH_MS,
  });

export const useRoomAvailability = (id: string, window: { start: string; end: string } | null) =>
  useQuery({
    ...roomAvailabilityQuery(id, window?.start ?? '', window?.end ?? ''),
    enabled: window !== null,
  });
