import { useTranslation } from '@/lib/i18n';
import type { Language } from '@roomweek/contract';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { format } from 'date-fns';
import {
  DayPicker,
  type CustomComponents,
  type DateLib,
  type DateRange,
  type DayButtonProps,
  type Formatters,
  type Matcher,
  type Modifiers,
} from 'react-day-picker';
import { enGB, es, fr, pt } from 'react-day-picker/locale';
import { fromCalendarDate, toCalendarDate } from '@/lib/calendar-date';
import { dayDisabler, stayStep, type StayCalendar, type StaySelection } from '@/lib/stay';

const LOCALES = { fr, es, pt, en: enGB } as const;

export interface BookingCalendarProps {
  calendar: StayCalendar;
  selection: StaySelection;
  /** A day was clicked; the parent applies the calendar rules (see lib/stay.ts). */
  onPick: (day: string) => void;
  /** The legend of the colours (the room page's); a search's calendar, where nothing is booked, goes without. */
  legend?: boolean;
}

/**
 * The two-month range calendar, loaded lazily with react-day-picker and date-fns' locales.
 * Weeks start on Monday in every language (docs/behaviour.md §9).
 *
 * react-day-picker renders every day again at each of its renders (a focus, a selection), and asks the matchers, its
 * date functions and labels about every day each time. So the answers are worked out once (the disabled days once per
 * selection, each text once), its date functions are cheap ones (DATE_LIB), every prop keeps its identity from one
 * render to the next, and a day's button only renders again when what it shows changed (see CalendarDayButton).
 */
function BookingCalendar({ calendar, selection, onPick, legend = true }: BookingCalendarProps) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.language as Language] ?? fr;
  const { arrival, departure } = selection;
  const selected = useMemo<DateRange | undefined>(
    () => (arrival ? { from: dateOf(arrival), to: departure ? dateOf(departure) : undefined } : undefined),
    [arrival, departure],
  );
  const disabled = useMemo<Matcher>(() => {
    const isDisabled = dayDisabler(selection, calendar);
    return (date: Date) => isDisabled(isoOf(date));
  }, [selection, calendar]);
  // Only the few days that are not available are marked (booked nights, the window's end): react-day-picker keeps a
  // list of the days each modifier matches and looks every day up in each list at each render, so a modifier matching
  // most days ("available") would cost a walk of that long list per day. The green of the available days is the CSS's
  // default for an enabled day that is neither booked nor past the window (booking-calendar.css).
  const modifiers = useMemo<Record<string, Matcher>>(() => {
    const { bookedNights, lastDay } = calendar;
    return {
      booked: (date: Date) => bookedNights.has(isoOf(date)),
      closed: (date: Date) => isoOf(date) >= lastDay,
    };
  }, [calendar]);
  const step = stayStep(selection);
  const footer = useMemo(() => <span className="sr-only">{t(`room.steps.step${step}`)}</span>, [t, step]);

  // The buttons may keep an earlier render's click handler (see sameDayButton): the click reaches the latest onPick.
  const latestPick = useRef(onPick);
  useLayoutEffect(() => {
    latestPick.current = onPick;
  });
  const onSelect = useCallback((_range: DateRange | undefined, day: Date) => latestPick.current(toCalendarDate(day)), []);

  return (
    <div className="flex flex-col gap-3">
      <DayPicker
        mode="range"
        numberOfMonths={2}
        locale={locale}
        weekStartsOn={1}
        selected={selected}
        onSelect={onSelect}
        disabled={disabled}
        modifiers={modifiers}
        modifiersClassNames={MODIFIER_CLASSES}
        components={COMPONENTS}
        formatters={FORMATTERS}
        dateLib={DATE_LIB}
        // The site's today (its time zone), not the browser's: the same calendar on the server and in the browser.
        today={dateOf(calendar.today)}
        defaultMonth={dateOf(arrival ?? calendar.today)}
        startMonth={dateOf(calendar.today)}
        endMonth={dateOf(calendar.lastDay)}
        className="rw-calendar"
        footer={footer}
      />
      {legend ? (
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
      ) : null}
    </div>
  );
}

export default memo(BookingCalendar);

const MODIFIER_CLASSES = { booked: 'rw-booked', closed: 'rw-closed' };

/** One `Date` per calendar date, and one calendar date per `Date` the calendar hands back (its days keep theirs). */
const dates = new Map<string, Date>();
const isos = new WeakMap<Date, string>();

function dateOf(day: string): Date {
  let date = dates.get(day);
  if (!date) dates.set(day, (date = fromCalendarDate(day)));
  return date;
}

function isoOf(date: Date): string {
  let day = isos.get(date);
  if (day === undefined) isos.set(date, (day = toCalendarDate(date)));
  return day;
}

/** The day's number: what date-fns' "d" gives, without parsing a format for each day at each render. */
const FORMATTERS: Partial<Formatters> = { formatDay: (date) => String(date.getDate()) };

/**
 * react-day-picker's date functions (date-fns), for its days at local midnight, without date-fns' argument checks and
 * conversions: it calls them thousands of times at each render. Formatting keeps date-fns (the same text on the
 * server and in the browser), each text made once: the labels ("samedi 14 mars 2026"), captions and weekday names.
 */
const dayNumber = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;
const formatted = new Map<string, string>();

const DATE_LIB: Partial<DateLib> = {
  isSameDay: (a, b) => a.getDate() === b.getDate() && a.getMonth() === b.getMonth() && a.getFullYear() === b.getFullYear(),
  isSameMonth: (a, b) => a.getMonth() === b.getMonth() && a.getFullYear() === b.getFullYear(),
  differenceInCalendarDays: (a, b) => dayNumber(a) - dayNumber(b),
  isBefore: (date, other) => date.getTime() < other.getTime(),
  isAfter: (date, other) => date.getTime() > other.getTime(),
  addDays: (date, amount) => {
    const result = new Date(date.getTime());
    result.setDate(result.getDate() + amount);
    return result;
  },
  startOfDay: (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()),
  startOfMonth: (date) => new Date(date.getFullYear(), date.getMonth(), 1),
  endOfMonth: (date) => new Date(date.getFullYear(), date.getMonth() + 1, 0, 23, 59, 59, 999),
  format: (date, pattern, options) => {
    // The numeric patterns each of its days asks for (its data-day, its months' ids): no locale in them.
    if (pattern === 'yyyy-MM-dd') return isoOf(date);
    if (pattern === 'yyyy-MM') return isoOf(date).slice(0, 7);
    const key = `${(options?.locale as { code?: string } | undefined)?.code}|${pattern}|${date.getTime()}`;
    let text = formatted.get(key);
    if (text === undefined) {
      if (formatted.size > 20_000) formatted.clear(); // a server renders many calendars: keep the memory bounded
      formatted.set(key, (text = format(date, pattern, options)));
    }
    return text;
  },
};

/** A pointer is pressing a day: from its press to its release (see CalendarDayButton). */
let pressing = false;
const released = () => {
  pressing = false;
};

/**
 * react-day-picker's day button, rendered again only when what it shows changed. Its event handlers are made anew at
 * each render of the calendar; an earlier one does the same (it focuses the same day, and the selection goes through
 * the calendar's onSelect, which reads the latest onPick). No mouse enter/leave handlers: nothing uses them, and
 * React would dispatch an event to each day the pointer crosses. A click moves the focus before it selects: the
 * calendar would render every day for the blur, the focus, then the selection; the focus a pointer gives is left to
 * the click, which sets it with the selection (one render). Keyboard focus is kept as it is (arrow keys need it).
 */
function CalendarDayButton({
  day: _day,
  modifiers,
  onMouseEnter: _enter,
  onMouseLeave: _leave,
  onFocus,
  onBlur,
  ...buttonProps
}: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return (
    <button
      ref={ref}
      {...buttonProps}
      onPointerDown={() => {
        pressing = true;
        window.addEventListener('pointerup', released, { capture: true, once: true });
        window.addEventListener('pointercancel', released, { capture: true, once: true });
      }}
      onFocus={(event) => {
        if (!pressing) onFocus?.(event);
      }}
      onBlur={(event) => {
        if (!pressing) onBlur?.(event);
      }}
    />
  );
}

function sameShallow(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The same flags set (a flag missing is unset: the range flags only appear once a range is selected). */
function sameModifiers(a: Modifiers, b: Modifiers): boolean {
  if (a === b) return true;
  for (const key in a) if (Boolean(a[key]) !== Boolean(b[key])) return false;
  for (const key in b) if (Boolean(a[key]) !== Boolean(b[key])) return false;
  return true;
}

/** Same day, same modifiers, same attributes and text; event handlers are not compared (see CalendarDayButton). */
function sameDayButton(previous: DayButtonProps, next: DayButtonProps): boolean {
  const before = previous as unknown as Record<string, unknown>;
  const after = next as unknown as Record<string, unknown>;
  const keys = Object.keys(after);
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => {
    const value = after[key];
    if (Object.is(before[key], value) || typeof value === 'function') return true;
    if (key === 'modifiers') return sameModifiers(previous.modifiers, next.modifiers);
    if (key === 'style') return sameShallow(previous.style, next.style);
    return false;
  });
}

// react-day-picker types its components as plain functions; it renders them as elements, so a memo() component works.
const COMPONENTS: Partial<CustomComponents> = { DayButton: memo(CalendarDayButton, sameDayButton) as unknown as CustomComponents['DayButton'] };
