import { PageMeta } from '@/components/page-meta';
import { ArrowDown, Building2 } from 'lucide-react';
import { useRef } from 'react';
import { EmptyState } from '@/components/empty-state';
import { DeferredSearchForm } from '@/components/deferred-search-form';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { useLoggedError } from '@/lib/use-logged-error';
import { useProperties } from '../api/get-properties';
import { PropertyCard, PropertyCardSkeleton } from '../components/property-card';

export function HomePage() {
  const { t } = useTranslation();
  const properties = useProperties();
  const section = useRef<HTMLElement>(null);
  useLoggedError(properties.error, 'Error fetching properties');

  const browse = () => {
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  };

  const list = properties.data ?? [];
  return (
    <>
      <PageMeta
        title={`${t('app.name')} · ${t('home.title')}`}
        description={t('home.subtitle')}
        path={paths.home}
        image={list[0]?.photos[0]}
      />
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-orange-500 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 opacity-20 [background-image:radial-gradient(circle_at_20%_20%,white_0,transparent_35%),radial-gradient(circle_at_80%_60%,white_0,transparent_30%)]"
        />
        <div className="relative mx-auto flex max-w-6xl flex-col items-start gap-5 px-4 py-12 sm:px-6 sm:py-20">
          <h1 className="max-w-2xl text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {t('home.title')}
          </h1>
          <p className="max-w-xl text-lg text-white/90 sm:text-xl">{t('home.subtitle')}</p>
          <DeferredSearchForm className="max-w-4xl" />
          <Button size="lg" variant="inverse" onClick={browse}>
            {t('home.browse')}
            <ArrowDown aria-hidden="true" />
          </Button>
        </div>
      </section>

      <section
        ref={section}
        id="properties"
        tabIndex={-1}
        aria-labelledby="properties-title"
        aria-busy={properties.isPending}
        className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12 focus:outline-none sm:px-6"
      >
        <div className="mb-6 flex flex-col gap-1">
          <h2 id="properties-title" className="text-2xl font-semibold">
            {t('home.propertiesTitle')}
          </h2>
          <p className="text-stone-600">{t('home.propertiesSubtitle')}</p>
        </div>
        {properties.isPending ? (
          <div className="grid gap-6 md:grid-cols-2">
            <PropertyCardSkeleton />
            <PropertyCardSkeleton />
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={Building2} message={t('home.noProperties')} />
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {list.map((property, index) => (
              <PropertyCard key={property.id} property={property} priority={index === 0} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
