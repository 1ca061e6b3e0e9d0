import { PageMeta } from '@/components/page-meta';
import { BedDouble, DoorOpen, MapPin } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { EmptyState } from '@/components/empty-state';
import { StatusView } from '@/components/status-view';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { RatingSummary } from '@/components/rating-summary';
import { AggregateRatingJsonLd } from '@/components/reviews/aggregate-rating';
import { ReviewSection } from '@/components/reviews/review-section';
import { paths } from '@/config/paths';
import { withStayParams } from '@/lib/stay-link';
import { usePublicConfig } from '@/config/public-config';
import { useTextLang } from '@/lib/content-language';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useLoggedError } from '@/lib/use-logged-error';
import { stayOf } from '../lib/stay-params';
import { useFreeRooms } from '../api/get-free-rooms';
import { useProperty } from '../api/get-property';
import { usePropertyRooms } from '../api/get-property-rooms';
import { PhotoCarousel } from '../components/photo-carousel';
import { RoomCard, RoomCardSkeleton } from '../components/room-card';

const PropertyMap = lazy(() => import('../components/property-map'));

export function PropertyPage() {
  const { t, i18n } = useTranslation();
  const textLang = useTextLang();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // Dates in the address (a search's link): each room says whether it is free for them (issue 26).
  const stay = stayOf(params);
  const freeRooms = useFreeRooms(id, stay);
  // The property and its rooms load in parallel (docs/behaviour.md §7).
  const property = useProperty(id);
  const rooms = usePropertyRooms(id);
  const { config } = usePublicConfig();
  // Drawn once half of its place is on screen: a map whose top shows at the fold (a phone's first screen, under a short
  // description) waits for the visitor to scroll to it — Leaflet is the page's heaviest script (docs/performance.md).
  const [showMap, mapPlace] = useNearViewport('0px', 0.5);
  useLoggedError(property.error ?? rooms.error, 'Error fetching data');

  if (property.isPending) return <PageSpinner />;
  if (!property.data) {
    return (
      <>
        <PageMeta title={`${t('property.notFound')} · ${t('app.name')}`} description={t('property.notFoundText')} path={paths.property(id)} noIndex />
        <StatusView title={t('property.notFound')} message={t('property.notFoundText')} />
      </>
    );
  }

  const { name, location, description, photos, room_count, latitude, longitude, text_languages, rating_average, review_count } = property.data;
  const roomList = rooms.data ?? [];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8">
      <PageMeta title={`${name} · ${t('app.name')}`} description={description || location} path={paths.property(id)} image={photos[0]} />
      <AggregateRatingJsonLd name={name} url={`${config.site_url}${paths.property(id)}`} average={rating_average} count={review_count} />
      <BackLink to={paths.home} label={t('common.back')} className="self-start" />

      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        {photos.length > 0 ? <PhotoCarousel photos={photos} name={name} /> : null}
        <div className="flex flex-col gap-4">
          <h1 lang={textLang(text_languages?.name)} className="text-3xl font-bold tracking-tight">
            {name}
          </h1>
          <p className="flex items-center gap-1.5 text-stone-700">
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            <span lang={textLang(text_languages?.location)}>{location}</span>
          </p>
          <p className="flex items-center gap-1.5 text-stone-700">
            <BedDouble aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
            {t('property.roomCount', { count: room_count })}
          </p>
          <RatingSummary average={rating_average} count={review_count} />
          <p lang={textLang(text_languages?.description)} className="leading-relaxed whitespace-pre-line text-stone-700">
            {description}
          </p>
        </div>
      </div>

      {latitude !== null && longitude !== null ? (
        <section aria-labelledby="location-title" className="flex flex-col gap-4">
          <h2 id="location-title" className="text-2xl font-semibold">
            {t('property.locationTitle')}
          </h2>
          {/* Leaflet needs a browser: the server's HTML holds the map's place; the browser draws it when the visitor
              scrolls near it (it is below the fold, and costs the most script of the page). */}
          <div ref={mapPlace}>
            {showMap ? (
              <Suspense fallback={<Skeleton className="h-72 w-full rounded-2xl sm:h-96" />}>
                <PropertyMap
                  latitude={latitude}
                  longitude={longitude}
                  name={name}
                  location={location}
                  tileUrl={config.map_tile_url}
                  label={t('property.mapOf', { name })}
                />
              </Suspense>
            ) : (
              <Skeleton className="h-72 w-full rounded-2xl sm:h-96" />
            )}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="rooms-title" aria-busy={rooms.isPending} className="flex flex-col gap-4">
        <h2 id="rooms-title" className="text-2xl font-semibold">
          {t('property.roomsTitle')}
        </h2>
        {stay ? (
          <p className="text-stone-700">
            {t('propertyStay.forDates', { start: formatDate(stay.start_date, i18n.language), end: formatDate(stay.end_date, i18n.language) })}
          </p>
        ) : null}
        {rooms.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <RoomCardSkeleton />
            <RoomCardSkeleton />
            <RoomCardSkeleton />
          </div>
        ) : roomList.length === 0 ? (
          <EmptyState icon={DoorOpen} message={t('property.noRooms')} />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {roomList.map((room) => (
              <RoomCard
                key={room.id}
                room={room}
                to={stay ? withStayParams(paths.room(room.id), stay) : paths.room(room.id)}
                badge={
                  stay && freeRooms.data ? (
                    freeRooms.data.includes(room.id) ? (
                      <Badge className="self-start">{t('propertyStay.free')}</Badge>
                    ) : (
                      <Badge variant="destructive" className="self-start">
                        {t('propertyStay.taken')}
                      </Badge>
                    )
                  ) : null
                }
              />
            ))}
          </div>
        )}
      </section>

      {/* Verified reviews (docs/decisions/0035): server-rendered with the page; their strings load with it. */}
      <Suspense fallback={null}>
        <ReviewSection kind="property" id={id} average={rating_average} count={review_count} />
      </Suspense>
    </div>
  );
}
