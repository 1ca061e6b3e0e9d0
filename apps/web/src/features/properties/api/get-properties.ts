import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProperties = (signal?: AbortSignal) => api.properties.list(signal);

export const propertiesQuery = queryOptions({
  queryKey: queryKeys.properties,
  queryFn: ({ signal }) => getProperties(signal),
});

export const useProperties = () => useQuery(propertiesQuery);
