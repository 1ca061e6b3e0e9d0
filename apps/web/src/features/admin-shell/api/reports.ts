import type { ReportQuery } from '@roomweek/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /admin/reports (issue 30): the reports screen's and the dashboard's occupancy. Keyed under `bookings`, so a
 * booking made, cancelled or paid refreshes the figures; the previous answer stays on screen while filters change.
 */
export const reportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: [...queryKeys.bookings, 'admin', 'report', query] as const,
    queryFn: ({ signal }) => adminApi.reports.report(query, signal),
    placeholderData: keepPreviousData,
  });

export const useReport = (query: ReportQuery | null) => useQuery({ ...reportQuery(query ?? { from: '', to: '' }), enabled: query !== null });
