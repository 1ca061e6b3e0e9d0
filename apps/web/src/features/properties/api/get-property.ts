import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProperty = (id: string, signal?: AbortSignal) => api.properties.get(id, signal);

export const propertyQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.property(id),
    queryFn: ({ signal }) => getProperty(id, signal),
  });

export const useProperty = (id: string) => useQuery(propertyQuery(id));
