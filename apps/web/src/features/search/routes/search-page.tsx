import { PageMeta } from '@/components/page-meta';
import { SEARCH_SORTS, type SearchItem, type SearchSort } from '@roomweek/contract';
import { Map as MapIcon, SearchX } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { StaySearchForm } from '@/components/stay-search-form';
import { Button, buttonClasses } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { withStayParams } from '@/lib/stay-link';
import { usePublicConfig } from '@/config/public-config';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatPrice } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useLoggedError } from '@/lib/use-logged-error';
import { useAmenities, useSearchProperties, useSearchRooms } from '../api/search-rooms';
import { ResultCard, ResultCardSkeleton } from '../components/result-card';
import { SearchFilters, type FilterValues } from '../components/search-filters';
import { isFilteredSearch, readSearch, searchAddress, type SearchState } from '../lib/search-params';

// Leaflet comes only when the visitor asks for the map.
const ResultsMap = lazy(() => import('../components/results-map'));

const located = (item: SearchItem): item is SearchItem & { latitude: number; longitude: number } =>
  item.latitude !== null && item.longitude !== null;

/**
 * /search?start_date=&end_date=&guests= (issue 26), server-rendered: the rooms free for the stay and the party, with
 * filters, a sort, a map, more results page by page, and other dates when none is free.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation(['search', 'common']);
  const language = i18n.language;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useMemo(() => readSearch(params), [params]);
  const results = useSearchRooms(state);
  const amenities = useAmenities();
  const properties = useSearchProperties();
  const { config } = usePublicConfig();
  const [showMap, setShowMap] = useState(false);
  useLoggedError(results.error, 'Error searching rooms');

  const go = (changes: Partial<SearchState>) => void navigate(searchAddress({ ...state, cursor: undefined, ...changes }));
  const stay = { start_date: state.start_date, end_date: state.end_date, guests: state.guests };
  const roomLink = (roomId: string) => withStayParams(paths.room(roomId), stay);
  const withDates = Boolean(state.start_date && state.end_date);
  const pages = results.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const first = pages[0];
  const next = pages.at(-1)?.next_cursor ?? null;
  const priceOf = (item: SearchItem) => formatPrice(item.total_price ?? item.price_per_week, language);

  const dates =
    state.start_date && state.end_date
      ? { start: formatDate(state.start_date, language), end: formatDate(state.end_date, language) }
      : null;
  const heading = dates ? t('title.dates', { ...dates, count: state.guests }) : t('title.any', { count: state.guests });
  const failed = results.error instanceof ApiError ? results.error : null;
  const fieldName = failed?.field ? t(`fields.${failed.field}`, { defaultValue: failed.field }) : null;
  const filterValues: FilterValues = {
    property_id: state.property_id,
    min_price: state.min_price,
    max_price: state.max_price,
    amenities: state.amenities,
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <PageMeta
        title={`${heading} · ${t('app.name')}`}
        description={t('meta.description')}
        path={withStayParams(paths.search, stay)}
        noIndex={isFilteredSearch(params) || results.isError}
      />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
      <StaySearchForm key={`${state.start_date}/${state.end_date}/${state.guests}`} initial={stay} className="border border-stone-200 shadow-none" />

      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-4">
          <SearchFilters
            key={searchAddress(state)}
            values={filterValues}
            withDates={withDates}
            amenities={amenities.data ?? []}
            properties={properties.data ?? []}
            onApply={(values) => go(values)}
          />
        </div>

        <section aria-labelledby="results-title" aria-busy={results.isPending} className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div aria-live="polite">
              <h2 id="results-title" className="text-lg font-semibold">
                {results.isPending ? t('results.loading') : first ? t('results.count', { count: first.total }) : t('results.title')}
              </h2>
            </div>
            <div className="flex flex-wrap items-end gap-3">
              <div className="flex flex-col gap-1">
                <Label htmlFor="search-sort">{t('sort.label')}</Label>
                <NativeSelect id="search-sort" value={state.sort} onChange={(event) => go({ sort: event.target.value as SearchSort })}>
                  {SEARCH_SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`sort.${sort}`)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button
                type="button"
                variant="outline"
                aria-expanded={showMap}
                aria-controls="results-map"
                onClick={() => setShowMap((now) => !now)}
              >
                <MapIcon aria-hidden="true" />
                {showMap ? t('map.hide') : t('map.show')}
              </Button>
            </div>
          </div>

          {showMap ? (
            <div id="results-map">
              <Suspense fallback={<Skeleton className="h-72 w-full rounded-2xl sm:h-96" />}>
                <ResultsMap
                  label={t('map.label')}
                  tileUrl={config.map_tile_url}
                  results={items.filter(located).map((item) => ({
                    id: item.room_id,
                    latitude: item.latitude,
                    longitude: item.longitude,
                    price: priceOf(item),
                    title: `${item.property_name} · ${t('room.title', { number: item.room_number })}`,
                    to: roomLink(item.room_id),
                  }))}
                />
              </Suspense>
            </div>
          ) : null}

          {results.isPending ? (
            <div className="flex flex-col gap-4">
              <ResultCardSkeleton />
              <ResultCardSkeleton />
              <ResultCardSkeleton />
            </div>
          ) : failed || results.isError ? (
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
              <p className="font-semibold">{errorMessage(t, results.error, 'results.error')}</p>
              {fieldName ? <p className="text-sm">{t('results.badField', { field: fieldName })}</p> : null}
              {failed && failed.status < 500 ? null : (
                <Button className="mt-3" variant="outline" onClick={() => void results.refetch()}>
                  {t('common.retry')}
                </Button>
              )}
            </div>
          ) : items.length === 0 ? (
            <EmptyState icon={SearchX} message={t('empty.message')}>
              {first && first.suggestions.length > 0 ? (
                <div className="flex flex-col items-center gap-2">
                  <p className="text-sm font-medium text-stone-800">{t('empty.suggestionsTitle')}</p>
                  <ul className="flex flex-col gap-1">
                    {first.suggestions.map((suggestion) => (
                      <li key={suggestion.start_date}>
                        <Link
                          to={searchAddress({ ...state, cursor: undefined, start_date: suggestion.start_date, end_date: suggestion.end_date })}
                          className="text-brand-700 underline underline-offset-4 hover:text-brand-800"
                        >
                          {t('empty.suggestion', {
                            start: formatDate(suggestion.start_date, language),
                            end: formatDate(suggestion.end_date, language),
                            count: suggestion.rooms,
                          })}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </EmptyState>
          ) : (
            <>
              <ul className="flex flex-col gap-4" aria-label={t('results.title')}>
                {items.map((item, index) => (
                  <li key={item.room_id}>
                    <ResultCard item={item} to={roomLink(item.room_id)} priority={index === 0} />
                  </li>
                ))}
              </ul>
              {results.isFetchingNextPage ? <ResultCardSkeleton /> : null}
              {next ? (
                // A link to the next page (a page of its own without script); with script, the results grow in place.
                <Link
                  to={searchAddress({ ...state, cursor: next })}
                  className={`${buttonClasses('outline')} self-center`}
                  aria-disabled={results.isFetchingNextPage}
                  onClick={(event) => {
                    event.preventDefault();
                    if (!results.isFetchingNextPage) void results.fetchNextPage();
                  }}
                >
                  {t('results.more')}
                </Link>
              ) : null}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
