import { addDays, AVAILABILITY_WINDOW_DAYS, calendarDateIn, type Language } from '@roomweek/contract';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { DEFAULT_PUBLIC_CONFIG, publicConfigQuery } from '@/config/public-config';
import { freeRoomsQuery } from '@/features/properties/api/get-free-rooms';
import { propertiesQuery } from '@/features/properties/api/get-properties';
import { propertyQuery } from '@/features/properties/api/get-property';
import { propertyRoomsQuery } from '@/features/properties/api/get-property-rooms';
import { stayOf } from '@/features/properties/lib/stay-params';
import { roomAvailabilityQuery } from '@/features/rooms/api/get-room-availability';
import { roomQuery } from '@/features/rooms/api/get-room';
import { amenitiesQuery, searchPropertiesQuery, searchRoomsQuery } from '@/features/search/api/search-rooms';
import { readSearch } from '@/features/search/lib/search-params';
import { reviewsQuery } from '@/components/reviews/reviews-query';

/**
 * Which pages the server renders, and the reads each needs (docs/behaviour.md §16): the public pages, whose HTML
 * holds their content and whose data travels with it, so the app hydrates without asking the API again. The
 * signed-in and admin screens are client-rendered (the server answers the app's shell for them): a session lives
 * in the browser's storage, which the server does not see.
 */
const CLIENT_RENDERED = [
  '/my-bookings',
  '/account',
  '/payment-success',
  '/payment-cancel',
  '/paypal-success',
  '/reset-password',
  '/recover-email',
  '/verify-email',
  '/admin',
  '/admin/*',
];

export function isClientRendered(pathname: string): boolean {
  return CLIENT_RENDERED.some((pattern) => matchPath(pattern, pathname) !== null);
}

// Each page's reads are the very query options its components use, so the keys match.
type AnyQuery = FetchQueryOptions<unknown, Error, unknown, QueryKey>;
const query = <T,>(options: T) => options as unknown as AnyQuery;

export interface PageData {
  /** The read without which the page does not exist: a 404 from it makes the page a 404. */
  primary: QueryKey | null;
  /** Whether the path is one of the app's pages at all. */
  known: boolean;
}

const PUBLIC_PAGES = ['/', '/search', '/property/:id', '/room/:id', '/contact', '/privacy', '/login', '/register', '/forgot-password'];

/** Loads into `client` everything the page at `pathname` (with its query, `search`) shows on its first render. */
export async function loadPageData(
  client: QueryClient,
  pathname: string,
  language: Language,
  search = new URLSearchParams(),
): Promise<PageData> {
  await client.prefetchQuery(query(publicConfigQuery));
  const property = matchPath('/property/:id', pathname)?.params.id;
  const room = matchPath('/room/:id', pathname)?.params.id;
  const known = PUBLIC_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);
  if (pathname === '/') {
    await client.prefetchQuery(query(propertiesQuery(language)));
    return { primary: null, known };
  }
  if (pathname === '/search') {
    // A search the API refuses (400, its field named) renders its message: the page exists, its read failed.
    await Promise.all([
      client.prefetchInfiniteQuery(searchRoomsQuery(readSearch(search), language)),
      client.prefetchQuery(query(amenitiesQuery(language))),
      client.prefetchQuery(query(searchPropertiesQuery(language))),
    ]);
    return { primary: null, known };
  }
  if (property) {
    const primary = propertyQuery(property, language);
    const stay = stayOf(search);
    await Promise.all([
      client.prefetchQuery(query(primary)),
      client.prefetchQuery(query(propertyRoomsQuery(property, language))),
      // Its latest reviews are in the HTML (docs/decisions/0035).
      client.prefetchInfiniteQuery(reviewsQuery('property', property)),
      // Given dates, which rooms are free for them (issue 26).
      stay ? client.prefetchQuery(query(freeRoomsQuery(property, stay, language))) : null,
    ]);
    return { primary: primary.queryKey, known };
  }
  if (room) {
    const primary = roomQuery(room, language);
    // The calendar's window starts on the site's today, as useStaySelection computes it in the browser.
    const timeZone = client.getQueryData(publicConfigQuery.queryKey)?.site_time_zone ?? DEFAULT_PUBLIC_CONFIG.site_time_zone;
    let today: string;
    try {
      today = calendarDateIn(timeZone);
    } catch {
      today = calendarDateIn(DEFAULT_PUBLIC_CONFIG.site_time_zone);
    }
    await Promise.all([
      client.prefetchQuery(query(primary)),
      client.prefetchQuery(query(roomAvailabilityQuery(room, today, addDays(today, AVAILABILITY_WINDOW_DAYS)))),
      client.prefetchInfiniteQuery(reviewsQuery('room', room)),
    ]);
    return { primary: primary.queryKey, known };
  }
  return { primary: null, known };
}

const LOCALES = '../../packages/i18n/locales';
const BUNDLE_INDEX = 'src/lib/i18n-bundles.ts';
const PAGE_MODULES: [pattern: string, modules: string[]][] = [
  ['/', ['src/features/properties/routes/home-page.tsx']],
  ['/search', ['src/features/search/routes/search-page.tsx', `${LOCALES}/{lang}/search.json`, `${LOCALES}/fr/search.json`]],
  ['/property/:id', ['src/features/properties/routes/property-page.tsx', `${LOCALES}/{lang}/reviews.json`, `${LOCALES}/fr/reviews.json`]],
  // Not the calendar's code: it comes when the calendar is wanted (deferred-calendar.tsx), and would otherwise share the
  // phone's first second of network with the room's photo.
  ['/room/:id', ['src/app/routes/room-booking-page.tsx', `${LOCALES}/{lang}/reviews.json`, `${LOCALES}/fr/reviews.json`]],
  ['/contact', ['src/features/contact/routes/contact-page.tsx']],
  ['/privacy', ['src/features/privacy/routes/privacy-page.tsx', `${LOCALES}/{lang}/privacy.json`, `${LOCALES}/fr/privacy.json`]],
  ['/login', ['src/features/auth/routes/login-page.tsx']],
  ['/register', ['src/features/auth/routes/register-page.tsx']],
  ['/forgot-password', ['src/features/auth/routes/forgot-password-page.tsx']],
];

/**
 * The source modules (keys of the build's manifest) the page at `pathname` loads before it can hydrate: its code and
 * the strings of its language. The server names their chunks and styles in the page's head.
 */
export function pageModules(pathname: string, language: Language): string[] {
  const modules = PAGE_MODULES.find(([pattern]) => matchPath(pattern, pathname) !== null)?.[1] ?? [];
  const strings = language === 'fr' ? [] : [`${LOCALES}/${language}/common.json`];
  const named = [...strings, ...modules.map((module) => module.replace('{lang}', language))];
  // Strings beyond French `common` are found through the map of bundles, a chunk of its own (lib/i18n-bundles.ts).
  return named.some((module) => module.startsWith(LOCALES)) ? [BUNDLE_INDEX, ...named] : named;
}
