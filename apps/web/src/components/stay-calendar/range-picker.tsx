import { addDays, AVAILABILITY_WINDOW_DAYS } from '@roomweek/contract';
import { useCallback, useMemo } from 'react';
import { pickDay, type StayCalendar, type StaySelection } from '@/lib/stay';
import BookingCalendar from './booking-calendar';

export interface RangePickerProps {
  /** The site's today: the days before it are greyed out. */
  today: string;
  selection: StaySelection;
  onChange: (selection: StaySelection) => void;
}

const NO_NIGHTS: ReadonlySet<string> = new Set();

/**
 * The room page's two-month calendar as a plain arrival–departure picker (the search form's, issue 26): nothing
 * booked, no stay rules, past days greyed out. Loaded with the calendar, when the visitor opens it.
 */
export default function RangePicker({ today, selection, onChange }: RangePickerProps) {
  const calendar = useMemo<StayCalendar>(
    () => ({ today, lastDay: addDays(today, AVAILABILITY_WINDOW_DAYS), bookedNights: NO_NIGHTS }),
    [today],
  );
  const onPick = useCallback(
    (day: string) => {
      const result = pickDay(selection, day, calendar);
      if (result.outcome === 'selected') onChange(result.selection);
    },
    [selection, calendar, onChange],
  );
  return <BookingCalendar calendar={calendar} selection={selection} onPick={onPick} legend={false} />;
}
