import 'react-day-picker/style.css';
import { useTranslation } from '@/lib/i18n';
import './booking-calendar.css';
import type { Language } from '@roomweek/contract';
import { DayPicker, type DateRange } from 'react-day-picker';
import { enGB, es, fr, pt } from 'react-day-picker/locale';
import { fromCalendarDate, toCalendarDate } from '@/lib/calendar-date';
import { isDayDisabled, stayStep, type StayCalendar, type StaySelection } from '@/lib/stay';

const LOCALES = { fr, es, pt, en: enGB } as const;

export interface BookingCalendarProps {
  calendar: StayCalendar;
  selection: StaySelection;
  /** A day was clicked; the parent applies the calendar rules (see lib/stay.ts). */
  onPick: (day: string) => void;
}

/**
 * The two-month range calendar, loaded lazily with react-day-picker and date-fns' locales.
 * Weeks start on Monday in every language (docs/behaviour.md §9).
 */
export default function BookingCalendar({ calendar, selection, onPick }: BookingCalendarProps) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.language as Language] ?? fr;
  const selected: DateRange | undefined = selection.arrival
    ? {
        from: fromCalendarDate(selection.arrival),
        to: selection.departure ? fromCalendarDate(selection.departure) : undefined,
      }
    : undefined;
  const step = stayStep(selection);

  return (
    <div className="flex flex-col gap-3">
      <DayPicker
        mode="range"
        numberOfMonths={2}
        locale={locale}
        weekStartsOn={1}
        selected={selected}
        onSelect={(_range, day) => onPick(toCalendarDate(day))}
        disabled={(date) => isDayDisabled(toCalendarDate(date), selection, calendar)}
        modifiers={{
          booked: (date) => calendar.bookedNights.has(toCalendarDate(date)),
          available: (date) => {
            const day = toCalendarDate(date);
            return !calendar.bookedNights.has(day) && day >= calendar.today && day < calendar.lastDay;
          },
        }}
        modifiersClassNames={{ booked: 'rw-booked', available: 'rw-available' }}
        defaultMonth={fromCalendarDate(selection.arrival ?? calendar.today)}
        startMonth={fromCalendarDate(calendar.today)}
        endMonth={fromCalendarDate(calendar.lastDay)}
        className="rw-calendar"
        footer={<span className="sr-only">{t(`room.steps.step${step}`)}</span>}
      />
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-700" aria-label={t('room.legend.label')}>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded-full border border-emerald-300 bg-emerald-100" />
          {t('room.legend.available')}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="rw-legend-booked size-4 rounded-full border border-red-200" />
          {t('room.legend.booked')}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded-full bg-brand-600" />
          {t('room.legend.selection')}
        </li>
      </ul>
    </div>
  );
}
