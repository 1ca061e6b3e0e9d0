import { GUESTS_PAGE_SIZE } from '@roomweek/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';
import { saveFile } from '@/lib/save-file';

/** The guests screen: one page of client accounts for a search (docs/behaviour.md §12). */
export interface GuestPageFilter {
  q: string;
  page: number;
}

export const guestKeys = {
  all: ['admin', 'guests'] as const,
  page: (filter: GuestPageFilter) => ['admin', 'guests', filter] as const,
};

/** GET /admin/guests: one page of 50 with the matching total; the previous page stays while the next one loads. */
export const guestPageQuery = ({ q, page }: GuestPageFilter) =>
  queryOptions({
    queryKey: guestKeys.page({ q, page }),
    queryFn: ({ signal }) => adminApi.guests({ q, limit: GUESTS_PAGE_SIZE, offset: (page - 1) * GUESTS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const useGuestPage = (filter: GuestPageFilter) => useQuery(guestPageQuery(filter));

/** GET /admin/guests/{id}/export, saved by the browser under the name the server gives it. */
export const useExportGuest = () =>
  useMutation({
    mutationFn: async (id: string) => saveFile(await adminApi.exportGuest(id)),
  });

/** DELETE /admin/guests/{id}: the guest's upcoming bookings are cancelled too, so bookings and calendars refresh. */
export const useAnonymiseGuest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) => adminApi.anonymiseGuest(id, { current_password: password }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: guestKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rooms }),
      ]);
    },
  });
};
