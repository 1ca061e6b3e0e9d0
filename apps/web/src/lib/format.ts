
import { intlLocale } from './intl-locales';

export { INTL_LOCALES } from './intl-locales';

/** A calendar date as a UTC instant, formatted in UTC, so that no time zone can shift it by a day. */
function utcInstant(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

/** `2026-07-04` → "4 juil. 2026" / "4 jul 2026" / "4 Jul 2026". */
export function formatDate(date: string, language: string): string {
  const locale = intlLocale(language);
  return cached(`date:${locale}`, () =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  ).format(utcInstant(date));
}

/** `2026-07-04` → "samedi 4 juillet 2026". */
export function formatLongDate(date: string, language: string): string {
  const locale = intlLocale(language);
  return cached(`long:${locale}`, () =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  ).format(utcInstant(date));
}

/** `2026-07-04` → "samedi". */
export function formatWeekday(date: string, language: string): string {
  const locale = intlLocale(language);
  return cached(`weekday:${locale}`, () =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }),
  ).format(utcInstant(date));
}

/** Euros with two decimals: 1234.5 → "1 234,50 €" (fr) or "€1,234.50" (en). */
export function formatPrice(euros: number, language: string): string {
  const locale = intlLocale(language);
  return cached(`price:${locale}`, () =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
  ).format(euros);
}

/** A whole percentage: 50 → "50 %" (fr) or "50%" (en). */
export function formatPercent(percent: number, language: string): string {
  const locale = intlLocale(language);
  return cached(`percent:${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })).format(
    percent / 100,
  );
}

export function formatCents(cents: number, language: string): string {
  return formatPrice(cents / 100, language);
}

/** The first 8 characters of an id, as bookings are shown (docs/behaviour.md §9). */
export const shortId = (id: string) => id.slice(0, 8);
