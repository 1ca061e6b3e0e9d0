import type { RoomDetail } from '@roomweek/contract';
import { Building2, Check, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Photo } from '@/components/photo';
import { RatingSummary } from '@/components/rating-summary';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { useTextLang } from '@/lib/content-language';
import { useTranslation } from '@/lib/i18n';

/** The room's photo, number, property, weekly price and amenities (top of the booking page). */
export function RoomOverview({ room }: { room: RoomDetail }) {
  const { t, i18n } = useTranslation();
  const textLang = useTextLang();
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-8">
      <Photo
        src={room.photos[0]}
        alt={t('room.photoAlt', { number: room.room_number, property: room.property_name })}
        width={1200}
        height={900}
        priority
        sizes="(min-width: 768px) 560px, 100vw"
        className="aspect-[4/3] w-full rounded-2xl"
      />
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('room.title', { number: room.room_number })}</h1>
          <Link
            to={paths.property(room.property_id)}
            className="flex items-center gap-1.5 text-stone-700 underline-offset-4 hover:text-brand-700 hover:underline"
          >
            <Building2 aria-hidden="true" className="size-4 text-stone-500" />
            <span lang={textLang(room.text_languages?.property_name)}>{room.property_name}</span>
          </Link>
        </div>
        <RatingSummary average={room.rating_average} count={room.review_count} />
        <p className="flex items-center gap-1.5 text-stone-700" data-testid="room-capacity">
          <Users aria-hidden="true" className="size-4 text-stone-500" />
          {t('party.capacity', { count: room.max_guests })}
        </p>
        <p>
          <span className="text-2xl font-semibold">{formatPrice(room.price_per_week, i18n.language)}</span>
          <span className="text-stone-600"> {t('common.perWeek')}</span>
        </p>
        <div className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold tracking-wide text-stone-500 uppercase">{t('room.amenities')}</h2>
          {room.amenities.length > 0 ? (
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {room.amenities.map((amenity, index) => (
                <li key={amenity} lang={textLang(room.text_languages?.amenities[index])} className="flex items-center gap-2 text-stone-800">
                  <Check aria-hidden="true" className="size-4 text-emerald-600" />
                  {amenity}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-stone-600">{t('room.noAmenities')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
