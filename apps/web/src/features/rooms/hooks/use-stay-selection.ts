import { addDays, AVAILABILITY_WINDOW_DAYS, isCalendarDate } from '@roomweek/contract';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
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

const keyOf = (selection: StaySelection) => `${selection.arrival ?? ''}/${selection.departure ?? ''}`;

/** The address's parameters with `start` and `end` set to the selection (the others kept). */
function withStay(params: URLSearchParams, selection: StaySelection): URLSearchParams {
  const updated = new URLSearchParams(params);
  // A search's link names the stay `start_date`/`end_date` (issue 26); once the visitor picks, `start`/`end` hold it.
  updated.delete('start_date');
  updated.delete('end_date');
  if (selection.arrival) updated.set('start', selection.arrival);
  else updated.delete('start');
  if (selection.departure) updated.set('end', selection.departure);
  else updated.delete('end');
  return updated;
}

/**
 * The stay being chosen on a room's page. It is shown in the address (`?start=…&end=…`; a search's result opens it
 * with `?start_date=…&end_date=…`), so it survives the
 * detour through /login and can be shared; it is checked against the room's availability before use.
 *
 * React state is the source of truth, not the address: changing the address is a router navigation, which
 * the router commits later (asynchronously, inside a transition). A departure clicked right after the arrival
 * must see that arrival, so each click updates the state at once and the address follows (replace). The
 * address is read when the page opens, and again only when it changes to dates this hook did not write.
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
  // Nights the owner blocked or another platform took (docs/behaviour.md §14) are as unavailable as booked ones.
  const blocks = availability.data?.blocks;
  // The room's stay rules come with its availability (docs/behaviour.md §11); a failed load has none to show.
  const rules = availability.data?.rules;
  const settled = availability.isSuccess || availability.isError;
  const calendar = useMemo<StayCalendar | null>(
    () =>
      window && settled
        ? { today: window.start, lastDay: window.end, bookedNights: bookedNightsOf([...(bookings ?? []), ...(blocks ?? [])]), rules }
        : null,
    [window, settled, bookings, blocks, rules],
  );

  const addressArrival = param(params.get('start') ?? params.get('start_date'));
  const addressDeparture = param(params.get('end') ?? params.get('end_date'));
  const address = useMemo<StaySelection>(
    () => ({ arrival: addressArrival, departure: addressDeparture }),
    [addressArrival, addressDeparture],
  );

  const [chosen, setChosen] = useState<StaySelection>(address);
  /** The addresses this hook asked for that the router has not shown yet (oldest first). */
  const pendingAddresses = useRef<string[]>([]);

  useEffect(() => {
    const own = pendingAddresses.current.indexOf(keyOf(address));
    if (own >= 0) {
      // The router caught up with this hook's own writes (an interrupted one is never shown: skip it too).
      pendingAddresses.current = pendingAddresses.current.slice(own + 1);
      return;
    }
    // Dates this hook did not write (a link, a history entry): the address leads again.
    pendingAddresses.current = [];
    setChosen((current) => (keyOf(current) === keyOf(address) ? current : address));
  }, [address]);

  const selection = useMemo(
    () => (calendar ? validSelection(chosen, calendar) : EMPTY_SELECTION),
    [calendar, chosen],
  );

  // pick and reset keep their identity from one render to the next (a navigation changes setParams), so the calendar,
  // which gets them, does not render again for nothing; they read the state of the latest render. A click's updates are
  // rendered before the next click is handled, so a departure clicked right after the arrival sees that arrival.
  const latest = useRef({ calendar, selection, chosen, setParams });
  useLayoutEffect(() => {
    latest.current = { calendar, selection, chosen, setParams };
  });

  const select = useCallback((next: StaySelection) => {
    if (keyOf(next) === keyOf(latest.current.chosen)) return;
    setChosen(next);
    pendingAddresses.current.push(keyOf(next));
    latest.current.setParams((current) => withStay(current, next), { replace: true, preventScrollReset: true });
  }, []);

  const pick = useCallback(
    (day: string): PickResult['outcome'] => {
      const { calendar: current, selection: selected } = latest.current;
      if (!current) return 'ignored';
      const result = pickDay(selected, day, current);
      if (result.outcome === 'selected') select(result.selection);
      return result.outcome;
    },
    [select],
  );

  const reset = useCallback(() => select(EMPTY_SELECTION), [select]);

  const stay: ChosenStay | null =
    selection.arrival && selection.departure ? { arrival: selection.arrival, departure: selection.departure } : null;

  /** The address's query for the chosen dates, even before the router has shown it (e.g. to come back from /login). */
  const search = useMemo(() => {
    const query = withStay(params, chosen).toString();
    return query ? `?${query}` : '';
  }, [params, chosen]);

  return {
    calendar,
    selection,
    stay,
    search,
    pick,
    reset,
    refreshAvailability: availability.refetch,
  };
}
