import { addDays, AVAILABILITY_WINDOW_DAYS, isCalendarDate } from '@roomweek/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSiteToday } from '@/config/public-config';
import {
  bookedNightsOf,
  EMPTY_SELECTION,
  pickDay,
  validSelection,
  type ChosenStay,
  type PickResult,
  type StayCalendar,
  type StaySelection,
} from '@/lib/stay';
import { useLoggedError } from '@/lib/use-logged-error';
import { useRoomAvailability } from '../api/get-room-availability';

const param = (value: string | null) => (value && isCalendarDate(value) ? value : null);

/**
 * The stay being chosen on a room's page. It lives in the address (`?start=…&end=…`), so it survives the
 * detour through /login and can be shared; it is checked against the room's availability before use.
 */
export function useStaySelection(roomId: string) {
  const today = useSiteToday();
  const window = useMemo(
    () => (today ? { start: today, end: addDays(today, AVAILABILITY_WINDOW_DAYS) } : null),
    [today],
  );
  const availability = useRoomAvailability(roomId, window);
  useLoggedError(availability.error, 'Error fetching data');
  const [params, setParams] = useSearchParams();

  const bookings = availability.data?.bookings;
  const settled = availability.isSuccess || availability.isError;
  const calendar = useMemo<StayCalendar | null>(
    () =>
      window && settled
        ? { today: window.start, lastDay: window.end, bookedNights: bookedNightsOf(bookings ?? []) }
        : null,
    [window, settled, bookings],
  );

  const requestedArrival = param(params.get('start'));
  const requestedDeparture = param(params.get('end'));
  const selection = useMemo(
    () =>
      calendar ? validSelection({ arrival: requestedArrival, departure: requestedDeparture }, calendar) : EMPTY_SELECTION,
    [calendar, requestedArrival, requestedDeparture],
  );

  const select = useCallback(
    (next: StaySelection) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.arrival) updated.set('start', next.arrival);
          else updated.delete('start');
          if (next.departure) updated.set('end', next.departure);
          else updated.delete('end');
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const pick = useCallback(
    (day: string): PickResult['outcome'] => {
      if (!calendar) return 'ignored';
      const result = pickDay(selection, day, calendar);
      if (result.outcome === 'selected') select(result.selection);
      return result.outcome;
    },
    [calendar, selection, select],
  );

  const reset = useCallback(() => select(EMPTY_SELECTION), [select]);

  const stay: ChosenStay | null =
    selection.arrival && selection.departure ? { arrival: selection.arrival, departure: selection.departure } : null;

  return {
    calendar,
    selection,
    stay,
    pick,
    reset,
    refreshAvailability: availability.refetch,
  };
}
