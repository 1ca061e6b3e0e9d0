import type { Language, Timeline, TimelineRoom } from '@roomweek/contract';
import { CalendarSync } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { cn } from '@/lib/cn';
import { formatDate, INTL_LOCALES } from '@/lib/format';
import { movements, visibleRange, windowDays, type Bar, type BarKind, type TimelineRow } from '../lib/timeline';

export const ROW_HEIGHT = 44;
export const DAY_WIDTH = 34;
export const LABEL_WIDTH = 150;
/** What the list shows before it knows its height (and in tests, where nothing is laid out). */
const FALLBACK_VIEWPORT = 600;

export const BAR_CLASSES: Record<BarKind, string> = {
  confirmed: 'bg-emerald-700 text-white hover:bg-emerald-800',
  pending: 'bg-amber-300 text-amber-950 hover:bg-amber-400 bg-[repeating-linear-gradient(45deg,transparent_0_6px,rgb(255_255_255/0.35)_6px_12px)]',
  block: 'bg-stone-500 text-white hover:bg-stone-600 bg-[repeating-linear-gradient(135deg,transparent_0_5px,rgb(0_0_0/0.18)_5px_10px)]',
  import: 'bg-sky-700 text-white hover:bg-sky-800',
  conflict: 'bg-red-600 text-white ring-2 ring-red-300 hover:bg-red-700',
};

const shortDay = (date: string, language: string) =>
  new Intl.DateTimeFormat(INTL_LOCALES[language as Language] ?? INTL_LOCALES.fr, { weekday: 'narrow', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const ROOM_LABEL = 'sticky left-0 z-10 flex shrink-0 items-center gap-1.5 truncate border-r border-stone-200 bg-white px-3 text-left text-sm font-medium';

export interface TimelineGridProps {
  timeline: Timeline;
  rows: TimelineRow[];
  propertyId: string | null;
  onBar: (bar: Bar, room: TimelineRoom) => void;
  onCell: (room: TimelineRoom, date: string) => void;
  /** What an empty day opens: a new booking, or (a role that may not book) blocked nights. */
  cellAction: 'book' | 'block';
  /** Opens the room's calendar sync; absent for a role that may not manage calendars (the name is then plain text). */
  onRoom?: (room: TimelineRoom) => void;
}

/**
 * Rooms × days (docs/behaviour.md §14). Only the rows on screen are rendered (500 rooms scroll as smoothly as 5); the
 * header with each day's arrivals and departures and the room column stay in view while scrolling either way.
 */
export function TimelineGrid({ timeline, rows, propertyId, onBar, onCell, cellAction, onRoom }: TimelineGridProps) {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.language;
  const days = useMemo(() => windowDays(timeline.start, timeline.days), [timeline.start, timeline.days]);
  const totals = useMemo(() => movements(timeline, propertyId), [timeline, propertyId]);
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(FALLBACK_VIEWPORT);
  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || FALLBACK_VIEWPORT));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const { first, last } = visibleRange(scrollTop, height, ROW_HEIGHT, rows.length);
  const width = LABEL_WIDTH + days.length * DAY_WIDTH;
  const todayIndex = days.indexOf(timeline.today);

  return (
    <div
      ref={viewport}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      className="relative max-h-[70vh] min-h-64 overflow-auto rounded-2xl border border-stone-200 bg-white shadow-sm"
      data-testid="timeline"
    >
      <div style={{ width }} className="sticky top-0 z-20 bg-white">
        <div className="flex border-b border-stone-200">
          <div style={{ width: LABEL_WIDTH }} className="sticky left-0 z-10 shrink-0 bg-white px-3 py-2 text-xs font-semibold text-stone-500 uppercase">
            {t('calendar.roomColumn')}
          </div>
          {totals.weeks.map((week, i) => (
            <div
              key={days[i * 7]}
              style={{ width: Math.min(7, days.length - i * 7) * DAY_WIDTH }}
              className="shrink-0 border-l border-stone-200 px-2 py-1 text-xs"
              data-testid="week-totals"
            >
              <p className="font-semibold text-stone-800">{t('calendar.week', { date: formatDate(days[i * 7]!, language) })}</p>
              <p className="text-stone-600">{t('calendar.weekTotals', week)}</p>
            </div>
          ))}
        </div>
        <div className="flex border-b border-stone-300">
          <div style={{ width: LABEL_WIDTH }} className="sticky left-0 z-10 shrink-0 bg-white" />
          {days.map((day, i) => (
            <div
              key={day}
              style={{ width: DAY_WIDTH }}
              className={cn(
                'flex shrink-0 flex-col items-center border-l border-stone-100 py-1 text-[11px] leading-tight',
                i === todayIndex ? 'bg-brand-600 text-white' : isWeekend(i, timeline.start) ? 'bg-stone-50 text-stone-600' : 'text-stone-600',
              )}
              aria-label={`${formatDate(day, language)}. ${t('calendar.dayTotals', totals.days[i]!)}`}
              title={t('calendar.dayTotals', totals.days[i]!)}
            >
              <span>{shortDay(day, language)}</span>
              <span className="text-xs font-semibold">{Number(day.slice(8))}</span>
              <span className="tabular-nums">
                {totals.days[i]!.arrivals ? `↓${totals.days[i]!.arrivals}` : '\u00a0'}
                {totals.days[i]!.departures ? `↑${totals.days[i]!.departures}` : ''}
              </span>
            </div>
          ))}
        </div>
      </div>

      <div style={{ height: rows.length * ROW_HEIGHT, width }} className="relative" role="list" aria-label={t('calendar.title')}>
        {rows.slice(first, last).map((row, offset) => {
          const style: CSSProperties = { top: (first + offset) * ROW_HEIGHT, height: ROW_HEIGHT, width };
          if (row.kind === 'property') {
            return (
              <div key={row.key} role="listitem" style={style} className="absolute left-0 flex items-end border-b border-stone-200 bg-stone-50">
                <h2 style={{ width: LABEL_WIDTH }} className="sticky left-0 truncate px-3 pb-1.5 text-sm font-semibold text-stone-800">
                  {row.name}
                </h2>
              </div>
            );
          }
          return (
            <div key={row.key} role="listitem" style={style} className="absolute left-0 flex border-b border-stone-100" data-testid="timeline-room">
              {onRoom ? (
                <button
                  type="button"
                  onClick={() => onRoom(row.room)}
                  style={{ width: LABEL_WIDTH }}
                  className={cn(ROOM_LABEL, 'hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600')}
                  aria-label={t('calendar.roomButton', { number: row.room.room_number })}
                >
                  <CalendarSync aria-hidden="true" className="size-3.5 shrink-0 text-stone-400" />
                  <span className="truncate">{t('calendar.room', { number: row.room.room_number })}</span>
                </button>
              ) : (
                <span style={{ width: LABEL_WIDTH }} className={ROOM_LABEL}>
                  <span className="truncate">{t('calendar.room', { number: row.room.room_number })}</span>
                </span>
              )}
              <div className="relative flex" style={{ width: days.length * DAY_WIDTH }}>
                {days.map((day, i) =>
                  day < timeline.today ? (
                    <div key={day} style={{ width: DAY_WIDTH }} className="h-full shrink-0 border-l border-stone-100 bg-stone-50/70" />
                  ) : (
                    <button
                      key={day}
                      type="button"
                      tabIndex={-1}
                      data-date={day}
                      onClick={() => onCell(row.room, day)}
                      style={{ width: DAY_WIDTH }}
                      className={cn('h-full shrink-0 border-l border-stone-100 hover:bg-brand-50', i === todayIndex && 'bg-brand-50/60', isWeekend(i, timeline.start) && 'bg-stone-50')}
                      aria-label={t(cellAction === 'book' ? 'calendar.cell' : 'calendar.cellBlock', { number: row.room.room_number, date: formatDate(day, language) })}
                    />
                  ),
                )}
                {row.bars.map((bar) => (
                  <BarButton key={bar.key} bar={bar} days={days.length} onClick={() => onBar(bar, row.room)} />
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Saturdays and Sundays of the window, shaded. */
function isWeekend(index: number, start: string): boolean {
  const weekday = (new Date(`${start}T00:00:00Z`).getUTCDay() + index) % 7;
  return weekday === 0 || weekday === 6;
}

function BarButton({ bar, days, onClick }: { bar: Bar; days: number; onClick: () => void }) {
  const { t, i18n } = useAdminTranslation();
  // From the middle of the arrival day to the middle of the departure day, cut at the window's edges.
  const left = Math.max(bar.from + 0.5, 0);
  const right = Math.min(bar.from + 0.5 + bar.nights, days);
  const conflict = bar.kind === 'conflict';
  const range = { start: formatDate(bar.booking?.start_date ?? bar.block!.start_date, i18n.language), end: formatDate(bar.booking?.end_date ?? bar.block!.end_date, i18n.language) };
  const label = bar.booking
    ? t('calendar.bar.booking', { name: bar.booking.user_name, ...range })
    : t(`calendar.bar.${bar.kind}`, { calendar: bar.block?.calendar_name ?? '', ...range });
  return (
    <button
      type="button"
      onClick={onClick}
      title={label}
      aria-label={label}
      data-kind={bar.kind}
      style={{ left: left * DAY_WIDTH, width: Math.max(6, (right - left) * DAY_WIDTH - 2), top: conflict ? 30 : 5, height: conflict ? 10 : 24 }}
      className={cn(
        'absolute z-[1] overflow-hidden rounded-md px-1.5 text-left text-xs leading-6 font-medium whitespace-nowrap shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
        bar.clippedStart && 'rounded-l-none',
        bar.clippedEnd && 'rounded-r-none',
        BAR_CLASSES[bar.kind],
      )}
    >
      {conflict ? null : bar.booking ? bar.booking.user_name : (bar.block?.calendar_name ?? bar.block?.note ?? t('calendar.legend.block'))}
    </button>
  );
}
