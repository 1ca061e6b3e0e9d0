import { UPCOMING_CHECK_IN_DAYS } from '@roomweek/contract';
import { BedDouble, CalendarClock, CalendarPlus, CircleCheck, DoorOpen, LogIn } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PropertyFilter } from '@/components/property-filter';
import { LoadFailedView } from '@/components/status-view';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicConfig } from '@/config/public-config';
import { useProperties, useRooms } from '@/features/admin-shell/api/admin-queries';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { RoomTerms } from '@/features/admin-shell/components/room-terms';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { langOf } from '@/lib/content-language';
import { formatDate, formatLongDate, formatPrice, formatWeekday } from '@/lib/format';
import { useAdminAvailability } from '../api/bookings';
import { CheckInMark } from '../components/check-in-mark';
import { StatGrid, StatTile } from '../components/stat-tile';
import { availabilityOverview } from '../lib/derivations';

/**
 * docs/behaviour.md §2 admin availability, with the rules of docs/behaviour.md §4 (lib/derivations.ts). GET /admin/availability answers the
 * site's calendar day (docs/design-notes.md#dates), not the browser's, with only the bookings those rules need (decision 0009).
 */
export default function AvailabilityPage() {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.language;
  const { config, ready } = usePublicConfig();
  const rooms = useRooms();
  const properties = useProperties();
  const availability = useAdminAvailability();
  const today = availability.data?.today;
  const [propertyId, setPropertyId] = useState<string | null>(null);

  const propertyNames = useMemo(
    () => new Map((properties.data ?? []).map((property) => [property.id, property.name])),
    [properties.data],
  );
  const overview = useMemo(
    () =>
      rooms.data && availability.data
        ? availabilityOverview(
            [...rooms.data].sort(
              (a, b) =>
                (propertyNames.get(a.property_id) ?? '').localeCompare(propertyNames.get(b.property_id) ?? '') ||
                a.room_number.localeCompare(b.room_number, undefined, { numeric: true }),
            ),
            availability.data.bookings,
            availability.data.today,
            propertyId,
          )
        : null,
    [rooms.data, availability.data, propertyId, propertyNames],
  );
  const error = rooms.error ?? availability.error;

  return (
    <AdminPage
      title={t('availability.title')}
      description={
        today && ready
          ? t('availability.today', { date: formatLongDate(today, language), zone: config.site_time_zone })
          : t('availability.subtitle')
      }
    >
      <StatGrid>
        <StatTile icon={BedDouble} label={t('availability.counters.rooms')} value={overview?.counts.rooms} tone="stone" />
        <StatTile icon={CircleCheck} label={t('availability.counters.available')} value={overview?.counts.available} tone="emerald" />
        <StatTile icon={DoorOpen} label={t('availability.counters.occupied')} value={overview?.counts.occupied} tone="red" />
        <StatTile icon={CalendarPlus} label={t('availability.counters.upcoming')} value={overview?.counts.upcoming} tone="sky" />
      </StatGrid>

      {properties.data && properties.data.length > 0 ? (
        <PropertyFilter
          label={t('availability.filterLabel')}
          allLabel={t('availability.allProperties')}
          properties={properties.data}
          value={propertyId}
          onChange={setPropertyId}
        />
      ) : null}

      {error ? (
        <LoadFailedView
          t={t}
          query={{ error, refetch: () => Promise.all([rooms.refetch(), availability.refetch()]) }}
          failedKey="availability.loadFailed"
        />
      ) : !overview ? (
        <div className="grid gap-6 lg:grid-cols-3" aria-busy="true">
          <div className="flex flex-col gap-3 lg:col-span-2">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-20 w-full rounded-2xl" />
            ))}
          </div>
          <Skeleton className="h-48 w-full rounded-2xl" />
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <section aria-labelledby="availability-rooms" className="flex flex-col gap-3 lg:col-span-2">
            <h2 id="availability-rooms" className="text-xl font-semibold">
              {t('availability.roomsTitle')}
            </h2>
            {overview.rooms.length === 0 ? (
              <EmptyState icon={BedDouble} message={t('availability.noRooms')} />
            ) : (
              <ul className="flex flex-col gap-3">
                {overview.rooms.map(({ room, occupied, current, departsToday, next }) => (
                  <li key={room.id}>
                    <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4" data-testid="availability-room">
                      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                        <p className="font-semibold">
                          {t('availability.room', { number: room.room_number })}
                          <span className="font-normal text-stone-500">
                            {' '}
                            · {propertyNames.get(room.property_id) ?? t('rooms.unknownProperty')}
                          </span>
                        </p>
                        <p className="text-sm text-stone-600">
                          {formatPrice(room.price_per_week, language)} {t('common.perWeek')}
                        </p>
                        <RoomTerms room={room} />
                        {current ? (
                          <p className="text-sm text-stone-600">
                            {departsToday
                              ? t('availability.departsToday', { name: current.user_name })
                              : t('availability.occupiedBy', {
                                  name: current.user_name,
                                  end: formatDate(current.end_date, language),
                                })}
                          </p>
                        ) : null}
                        <p className="flex items-center gap-1.5 text-sm text-stone-600">
                          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                          {next
                            ? t('availability.nextBooking', {
                                start: formatDate(next.start_date, language),
                                end: formatDate(next.end_date, language),
                              })
                            : t('availability.noUpcoming')}
                        </p>
                      </div>
                      <Badge variant={occupied ? 'destructive' : 'default'} className="text-sm">
                        {occupied ? t('availability.occupied') : t('availability.available')}
                      </Badge>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="availability-checkins" className="flex flex-col gap-3">
            <h2 id="availability-checkins" className="text-xl font-semibold">
              {t('availability.checkInsTitle', { days: UPCOMING_CHECK_IN_DAYS })}
            </h2>
            {overview.upcoming.length === 0 ? (
              <EmptyState icon={LogIn} message={t('availability.noCheckIns')} className="py-8" />
            ) : (
              <ul className="flex flex-col gap-2">
                {overview.upcoming.map((booking) => (
                  <li key={booking.id}>
                    <Card className="flex flex-col gap-1 p-4" data-testid="upcoming-check-in">
                      <p className="flex items-baseline justify-between gap-2">
                        <span className="font-semibold capitalize">{formatWeekday(booking.start_date, language)}</span>
                        <span className="flex items-center gap-2 text-sm text-stone-600">
                          {booking.start_date === today ? (
                            <Badge variant="secondary">{t('availability.todayShort')}</Badge>
                          ) : null}
                          {formatDate(booking.start_date, language)}
                        </span>
                      </p>
                      <p className="text-sm">
                        <span lang={langOf(booking.text_languages?.property_name, language)}>{booking.property_name}</span> ·{' '}
                        {t('availability.room', { number: booking.room_number })}
                      </p>
                      <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
                        <span className="break-all">{booking.user_email}</span>
                        <CheckInMark status={booking.check_in_status} />
                      </p>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </AdminPage>
  );
}
