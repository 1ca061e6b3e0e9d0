import type { SearchItem } from '@roomweek/contract';
import { MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Photo } from '@/components/photo';
import { RatingSummary } from '@/components/rating-summary';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrice } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/** One room found (issue 26): photo, property, room, its guests' rating, capacity, the stay's total and the price per week; opens the room with the stay. */
export function ResultCard({ item, to, priority = false }: { item: SearchItem; to: string; priority?: boolean }) {
  const { t, i18n } = useTranslation(['search', 'common']);
  const language = i18n.language;
  const titleId = `result-${item.room_id}`;
  return (
    <Card className="group relative flex flex-col overflow-hidden sm:flex-row" role="article" aria-labelledby={titleId}>
      <Photo
        src={item.photo ?? undefined}
        alt=""
        priority={priority}
        sizes="(min-width: 640px) 240px, 100vw"
        className="aspect-[4/3] w-full sm:w-60 sm:shrink-0"
      />
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <p className="text-sm font-medium text-stone-600">{item.property_name}</p>
        <h3 id={titleId} className="text-lg font-semibold text-stone-900">
          {/* The whole card opens the room (the link's box is stretched over it). */}
          <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {t('room.title', { number: item.room_number })}
          </Link>
        </h3>
        <RatingSummary average={item.rating_average} count={item.review_count} />
        <p className="flex items-center gap-1.5 text-sm text-stone-700">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
          {item.location}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-stone-700">
          <Users aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
          {t('party.capacity', { count: item.max_guests })}
        </p>
        {item.amenities.length > 0 ? <p className="line-clamp-1 text-sm text-stone-600">{item.amenities.join(' · ')}</p> : null}
        <div className="mt-auto flex flex-wrap items-baseline justify-end gap-x-3 gap-y-1 pt-2 text-right">
          {item.total_price !== undefined && item.nights !== undefined ? (
            <p>
              <span className="text-xl font-bold text-stone-900" data-testid="result-total">
                {formatPrice(item.total_price, language)}
              </span>
              <span className="text-sm text-stone-600"> {t('results.forNights', { count: item.nights })}</span>
            </p>
          ) : null}
          <p className="text-sm text-stone-700">
            <span className="font-semibold">{formatPrice(item.price_per_week, language)}</span> {t('common.perWeek')}
          </p>
        </div>
      </div>
    </Card>
  );
}

export function ResultCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden sm:flex-row" data-testid="result-skeleton">
      <Skeleton className="aspect-[4/3] w-full rounded-none sm:w-60" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="ml-auto h-7 w-32" />
      </div>
    </Card>
  );
}
