import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getRoom = (id: string, signal?: AbortSignal) => api.rooms.get(id, signal);

export const roomQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.room(id),
    queryFn: ({ signal }) => getRoom(id, signal),
  });

export const useRoom = (id: string) => useQuery(roomQuery(id));
