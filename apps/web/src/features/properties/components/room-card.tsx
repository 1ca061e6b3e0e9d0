import type { Room } from '@roomweek/contract';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Photo } from '@/components/photo';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PhotoCardSkeleton } from '@/components/photo-card-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { RatingSummary } from '@/components/rating-summary';
import { useTextLang } from '@/lib/content-language';
import { useTranslation } from '@/lib/i18n';

export interface RoomCardProps {
  room: Room;
  /** Where its button leads (the room page, with a stay's dates when the visitor gave some). */
  to?: string;
  /** A badge under the title: free or not for the visitor's dates. */
  badge?: ReactNode;
}

export function RoomCard({ room, to = paths.room(room.id), badge }: RoomCardProps) {
  const { t, i18n } = useTranslation();
  const textLang = useTextLang();
  const title = t('room.title', { number: room.room_number });
  const titleId = `room-${room.id}`;
  return (
    <Card className="flex flex-col overflow-hidden" role="article" aria-labelledby={titleId}>
      <Photo src={room.photos[0]} alt="" className="aspect-[4/3] w-full" sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-baseline justify-between gap-3">
          <h3 id={titleId} className="text-lg font-semibold">
            {title}
          </h3>
          <p className="text-right">
            <span className="text-lg font-semibold text-stone-900">{formatPrice(room.price_per_week, i18n.language)}</span>
            <span className="text-sm text-stone-600"> {t('common.perWeek')}</span>
          </p>
        </div>
        <RatingSummary average={room.rating_average} count={room.review_count} />
        <p className="flex items-center gap-1.5 text-sm text-stone-700">
          <Users aria-hidden="true" className="size-4 text-stone-500" />
          {t('party.capacity', { count: room.max_guests })}
        </p>
        {badge}
        {room.amenities.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('room.amenities')}>
            {room.amenities.map((amenity, index) => (
              <li key={amenity} lang={textLang(room.text_languages?.amenities[index])}>
                <Badge variant="neutral">{amenity}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          to={to}
          className={`${buttonClasses('default')} mt-auto w-full`}
          aria-label={t('room.bookRoom', { number: room.room_number })}
        >
          {t('room.bookNow')}
        </Link>
      </div>
    </Card>
  );
}

export function RoomCardSkeleton() {
  return (
    <PhotoCardSkeleton gap="gap-3">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-10 w-full" />
    </PhotoCardSkeleton>
  );
}
