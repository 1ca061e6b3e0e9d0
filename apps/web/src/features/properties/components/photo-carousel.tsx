import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Photo } from '@/components/photo';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

/** The property's photos, one at a time; previous and next are disabled at the ends (docs/behaviour.md §2). */
export function PhotoCarousel({ photos, name }: { photos: readonly string[]; name: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = Math.min(index, photos.length - 1);
  const atStart = current === 0;
  const atEnd = current === photos.length - 1;
  return (
    <section
      aria-roledescription={t('property.carousel')}
      aria-label={t('property.photosOf', { name })}
      className="relative overflow-hidden rounded-2xl bg-stone-200"
    >
      <div aria-live="polite">
        <Photo
          key={photos[current]}
          src={photos[current]}
          alt={t('property.photoAlt', { name, current: current + 1, total: photos.length })}
          width={1200}
          height={675}
          priority={current === 0}
          sizes="(min-width: 1024px) 680px, 100vw"
          className="aspect-video w-full"
        />
      </div>
      {photos.length > 1 ? (
        <>
          <Button
            variant="inverse"
            size="icon-round"
            className="absolute top-1/2 left-3 -translate-y-1/2"
            onClick={() => setIndex(current - 1)}
            disabled={atStart}
            aria-label={t('property.previousPhoto')}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="inverse"
            size="icon-round"
            className="absolute top-1/2 right-3 -translate-y-1/2"
            onClick={() => setIndex(current + 1)}
            disabled={atEnd}
            aria-label={t('property.nextPhoto')}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <p className="absolute right-3 bottom-3 rounded-full bg-stone-900/70 px-2.5 py-1 text-xs text-white">
            {t('property.photoCounter', { current: current + 1, total: photos.length })}
          </p>
        </>
      ) : null}
    </section>
  );
}
