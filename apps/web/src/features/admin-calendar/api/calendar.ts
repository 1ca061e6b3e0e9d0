import type { BlockBody, CalendarBody } from '@roomweek/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';

/**
 * The owner's calendar (docs/behaviour.md §14). The timeline sits under `bookings` (a booking anywhere refreshes it);
 * a block or a synced feed changes what guests may book, so it refreshes `rooms` (their availability) too.
 */
export const calendarKeys = {
  timeline: (start: string, days: number) => [...queryKeys.bookings, 'admin', 'timeline', start, days] as const,
  calendars: (roomId: string) => ['admin', 'calendars', roomId] as const,
  conflicts: [...queryKeys.bookings, 'admin', 'calendar-conflicts'] as const,
};

/** GET /admin/timeline: one call for every room over the days shown; the previous weeks stay on screen while paging. */
export const timelineQuery = (start: string, days: number) =>
  queryOptions({
    queryKey: calendarKeys.timeline(start, days),
    queryFn: ({ signal }) => adminApi.calendar.timeline(start, days, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useTimeline = (start: string | null, days: number) => useQuery({ ...timelineQuery(start ?? '', days), enabled: start !== null });

export const useCalendarConflicts = () =>
  useQuery({ queryKey: calendarKeys.conflicts, queryFn: ({ signal }) => adminApi.calendar.conflicts(signal), staleTime: 10_000 });

export const useRoomCalendars = (roomId: string | null) =>
  useQuery({
    queryKey: calendarKeys.calendars(roomId ?? ''),
    queryFn: ({ signal }) => adminApi.calendar.calendars(roomId!, signal),
    enabled: roomId !== null,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return (roomId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
      queryClient.invalidateQueries({ queryKey: queryKeys.rooms }),
      roomId ? queryClient.invalidateQueries({ queryKey: calendarKeys.calendars(roomId) }) : undefined,
    ]);
}

export function useCreateBlock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ roomId, body }: { roomId: string; body: BlockBody }) => adminApi.calendar.createBlock(roomId, body),
    onSuccess: () => refresh(),
  });
}

export function useRemoveBlock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ roomId, blockId }: { roomId: string; blockId: string }) => adminApi.calendar.removeBlock(roomId, blockId),
    onSuccess: () => refresh(),
  });
}

/** Adds a feed and syncs it at once, so the admin sees its events (or why it failed) straight away. */
export function useAddCalendar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ roomId, body }: { roomId: string; body: CalendarBody }) => {
      const added = await adminApi.calendar.addCalendar(roomId, body);
      return adminApi.calendar.syncCalendar(roomId, added.id);
    },
    onSettled: (_data, _error, { roomId }) => refresh(roomId),
  });
}

export function useSyncCalendar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ roomId, calendarId }: { roomId: string; calendarId: string }) => adminApi.calendar.syncCalendar(roomId, calendarId),
    onSettled: (_data, _error, { roomId }) => refresh(roomId),
  });
}

export function useRemoveCalendar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ roomId, calendarId }: { roomId: string; calendarId: string }) => adminApi.calendar.removeCalendar(roomId, calendarId),
    onSettled: (_data, _error, { roomId }) => refresh(roomId),
  });
}

export function useRegenerateToken() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (roomId: string) => adminApi.calendar.regenerateToken(roomId),
    onSuccess: () => refresh(),
  });
}
