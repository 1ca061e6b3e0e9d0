import type { Property } from '@roomweek/contract';
import { BedDouble, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Photo } from '@/components/photo';
import { RatingSummary } from '@/components/rating-summary';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PhotoCardSkeleton } from '@/components/photo-card-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useTextLang } from '@/lib/content-language';
import { useTranslation } from '@/lib/i18n';

export function PropertyCard({ property, priority = false }: { property: Property; priority?: boolean }) {
  const { t } = useTranslation();
  const textLang = useTextLang();
  const titleId = `property-${property.id}`;
  return (
    <Card className="group flex flex-col overflow-hidden" aria-labelledby={titleId} role="article">
      <Link to={paths.property(property.id)} tabIndex={-1} aria-hidden="true" className="block overflow-hidden">
        <Photo
          src={property.photos[0]}
          alt=""
          priority={priority}
          sizes="(min-width: 768px) 560px, 100vw"
          className="aspect-[4/3] w-full transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-col gap-1">
          <h3 id={titleId} lang={textLang(property.text_languages?.name)} className="text-lg font-semibold text-stone-900">
            {property.name}
          </h3>
          <p className="flex items-center gap-1.5 text-sm text-stone-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span lang={textLang(property.text_languages?.location)}>{property.location}</span>
          </p>
          <RatingSummary average={property.rating_average} count={property.review_count} />
        </div>
        <p lang={textLang(property.text_languages?.description)} className="line-clamp-2 text-sm text-stone-700">
          {property.description}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <span className="flex items-center gap-1.5 text-sm text-stone-700">
            <BedDouble aria-hidden="true" className="size-4 text-stone-500" />
            {t('property.roomCount', { count: property.room_count })}
          </span>
          <Link
            to={paths.property(property.id)}
            className={buttonClasses('default', 'sm')}
            aria-label={t('home.viewRoomsOf', { name: property.name })}
          >
            {t('home.viewRooms')}
          </Link>
        </div>
      </div>
    </Card>
  );
}

export function PropertyCardSkeleton() {
  return (
    <PhotoCardSkeleton gap="gap-3">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <div className="flex justify-between pt-2">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-9 w-32" />
        </div>
    </PhotoCardSkeleton>
  );
}
