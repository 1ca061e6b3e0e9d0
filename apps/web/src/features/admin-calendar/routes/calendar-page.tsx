import { addDays, may, type TimelineRoom } from '@roomweek/contract';
import { AlertTriangle, CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PropertyFilter } from '@/components/property-filter';
import { LoadFailedView } from '@/components/status-view';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSiteToday } from '@/config/public-config';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { NewBookingDialog, type NewBookingTarget } from '@/features/admin-shell/components/new-booking-dialog';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCalendarConflicts, useTimeline } from '../api/calendar';
import { RoomCalendarDialog, type RoomCalendarTarget } from '../components/room-calendar-dialog';
import { BlockDetailsDialog, BookingDetailsDialog, NewBlockDialog, type NewBlockTarget } from '../components/timeline-dialogs';
import { BAR_CLASSES, TimelineGrid } from '../components/timeline-grid';
import { mondayOf, TIMELINE_SPAN, timelineRows, type Bar, type BarKind } from '../lib/timeline';

const LEGEND: BarKind[] = ['confirmed', 'pending', 'block', 'import', 'conflict'];

/**
 * docs/behaviour.md §14 the owner's timeline: rooms × days over four weeks from one call (GET /admin/timeline), paged
 * by week; a stay or a block opens its details, an empty day opens a new booking from it (or blocks nights from it), a
 * room's name opens its calendar sync.
 */
export default function CalendarPage() {
  const { t, i18n } = useAdminTranslation();
  const siteToday = useSiteToday();
  const [start, setStart] = useState<string | null>(null);
  const shownStart = start ?? (siteToday ? mondayOf(siteToday) : null);
  const timeline = useTimeline(shownStart, TIMELINE_SPAN);
  const conflicts = useCalendarConflicts();
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ bar: Bar; room: TimelineRoom } | null>(null);
  const [newBlock, setNewBlock] = useState<NewBlockTarget | null>(null);
  const [newBooking, setNewBooking] = useState<NewBookingTarget | null>(null);
  const [syncing, setSyncing] = useState<RoomCalendarTarget | null>(null);
  const data = timeline.data;
  const rows = useMemo(() => (data ? timelineRows(data, propertyId) : []), [data, propertyId]);
  const propertyNames = useMemo(() => new Map(data?.properties.map((property) => [property.id, property.name])), [data]);
  const today = data?.today ?? siteToday ?? '';
  const page = (weeks: number) => shownStart && setStart(addDays(shownStart, weeks * 7));
  // Staff may block nights but neither book for a guest nor manage the calendars (the permission table).
  const { user } = useSession();
  const canBook = may(user?.role, 'bookings.create');
  const canSync = may(user?.role, 'calendars.manage');
  const blockFrom = (room: TimelineRoom, start: string) => setNewBlock({ room, propertyName: propertyNames.get(room.property_id) ?? '', start });

  return (
    <AdminPage
      title={t('calendar.title')}
      description={t('calendar.subtitle')}
      actions={
        <div className="flex items-center gap-2" role="group" aria-label={t('calendar.title')}>
          <Button variant="outline" size="icon" aria-label={t('calendar.previousWeek')} onClick={() => page(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => today && setStart(mondayOf(today))}>
            <CalendarDays aria-hidden="true" />
            {t('calendar.today')}
          </Button>
          <Button variant="outline" size="icon" aria-label={t('calendar.nextWeek')} onClick={() => page(1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      }
    >
      {shownStart ? (
        <p className="-mt-3 text-sm font-medium text-stone-700" aria-live="polite">
          {t('calendar.range', { start: formatDate(shownStart, i18n.language), end: formatDate(addDays(shownStart, TIMELINE_SPAN - 1), i18n.language) })}
        </p>
      ) : null}

      {conflicts.data && conflicts.data.length > 0 ? (
        <section role="alert" aria-labelledby="calendar-conflicts" className="flex flex-col gap-2 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          <h2 id="calendar-conflicts" className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {t('calendar.conflicts.title')}
          </h2>
          <p className="text-sm">{t('calendar.conflicts.description')}</p>
          <ul className="list-disc pl-5 text-sm">
            {conflicts.data.map((conflict) => (
              <li key={`${conflict.block_id}-${conflict.booking.id}`}>
                {t('calendar.conflicts.item', {
                  room: conflict.room_number,
                  property: conflict.property_name,
                  calendar: conflict.calendar_name,
                  start: formatDate(conflict.start_date, i18n.language),
                  end: formatDate(conflict.end_date, i18n.language),
                  name: conflict.booking.user_name,
                  bookingStart: formatDate(conflict.booking.start_date, i18n.language),
                  bookingEnd: formatDate(conflict.booking.end_date, i18n.language),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        {data && data.properties.length > 1 ? (
          <PropertyFilter
            label={t('calendar.filterLabel')}
            allLabel={t('calendar.allProperties')}
            properties={data.properties}
            value={propertyId}
            onChange={setPropertyId}
          />
        ) : (
          <span />
        )}
        <ul aria-label={t('calendar.legendLabel')} className="flex flex-wrap gap-3 text-xs text-stone-700">
          {LEGEND.map((kind) => (
            <li key={kind} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('inline-block h-3 w-5 rounded-sm', BAR_CLASSES[kind])} />
              {t(`calendar.legend.${kind}`)}
            </li>
          ))}
        </ul>
      </div>

      {timeline.error && !data ? (
        <LoadFailedView t={t} query={timeline} failedKey="calendar.loadFailed" />
      ) : !data ? (
        <Skeleton className="h-96 w-full rounded-2xl" aria-busy="true" />
      ) : data.rooms.length === 0 ? (
        <EmptyState icon={CalendarDays} message={t('calendar.noRooms')} />
      ) : (
        <TimelineGrid
          timeline={data}
          rows={rows}
          propertyId={propertyId}
          onBar={(bar, room) => setOpened({ bar, room })}
          onCell={(room, date) => (canBook ? setNewBooking({ roomId: room.id, start: date }) : blockFrom(room, date))}
          cellAction={canBook ? 'book' : 'block'}
          onRoom={canSync ? (room) => setSyncing({ room, propertyName: propertyNames.get(room.property_id) ?? '' }) : undefined}
        />
      )}

      <BookingDetailsDialog booking={opened?.bar.booking ?? null} room={opened?.room ?? null} onClose={() => setOpened(null)} />
      <BlockDetailsDialog block={opened?.bar.block ?? null} room={opened?.room ?? null} onClose={() => setOpened(null)} />
      <NewBlockDialog target={newBlock} today={today} onClose={() => setNewBlock(null)} />
      <NewBookingDialog
        target={newBooking}
        today={today}
        onClose={() => setNewBooking(null)}
        onBlockInstead={({ roomId, start: from }) => {
          const room = data?.rooms.find((candidate) => candidate.id === roomId);
          setNewBooking(null);
          if (room) blockFrom(room, from);
        }}
      />
      <RoomCalendarDialog
        target={syncing}
        onClose={() => setSyncing(null)}
        onBlock={(target) => {
          setSyncing(null);
          setNewBlock({ ...target, start: today });
        }}
      />
    </AdminPage>
  );
}
