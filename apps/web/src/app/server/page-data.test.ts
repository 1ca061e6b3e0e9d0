import { describe, expect, it } from 'vitest';
import { isClientRendered, pageModules } from './page-data';

describe('which pages the server renders (docs/behaviour.md §16)', () => {
  it.each(['/', '/search', '/property/abc', '/room/abc', '/contact', '/privacy', '/login', '/register', '/forgot-password', '/nowhere'])(
    '%s is server-rendered',
    (path) => expect(isClientRendered(path)).toBe(false),
  );

  it.each(['/admin', '/admin/bookings', '/admin/calendar', '/my-bookings', '/account', '/payment-success', '/paypal-success', '/reset-password'])(
    '%s is the app shell',
    (path) => expect(isClientRendered(path)).toBe(true),
  );

  it("names a page's code and, outside French, its language's strings, with the map of bundles when it needs any", () => {
    // The room's and the property's reviews are server-rendered with their strings (docs/decisions/0035).
    expect(pageModules('/room/x', 'fr')).toEqual([
      'src/lib/i18n-bundles.ts',
      'src/app/routes/room-booking-page.tsx',
      '../../packages/i18n/locales/fr/reviews.json',
      '../../packages/i18n/locales/fr/reviews.json',
    ]);
    expect(pageModules('/privacy', 'pt')).toEqual([
      'src/lib/i18n-bundles.ts',
      '../../packages/i18n/locales/pt/common.json',
      'src/features/privacy/routes/privacy-page.tsx',
      '../../packages/i18n/locales/pt/privacy.json',
      '../../packages/i18n/locales/fr/privacy.json',
    ]);
    expect(pageModules('/search', 'es')).toEqual([
      'src/lib/i18n-bundles.ts',
      '../../packages/i18n/locales/es/common.json',
      'src/features/search/routes/search-page.tsx',
      '../../packages/i18n/locales/es/search.json',
      '../../packages/i18n/locales/fr/search.json',
    ]);
    expect(pageModules('/admin', 'en')).toEqual(['src/lib/i18n-bundles.ts', '../../packages/i18n/locales/en/common.json']);
    // The French home page needs no strings beyond those in the app's first chunk.
    expect(pageModules('/', 'fr')).toEqual(['src/features/properties/routes/home-page.tsx']);
  });
});
