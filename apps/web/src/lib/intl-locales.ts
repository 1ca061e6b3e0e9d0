import type { Language } from '@roomweek/contract';

/** The Intl locale of each interface language (British English: euro after amounts, weeks on Monday). */
export const INTL_LOCALES: Record<Language, string> = {
  fr: 'fr-FR',
  es: 'es-ES',
  pt: 'pt-PT',
  en: 'en-GB',
};

export const intlLocale = (language: string) => INTL_LOCALES[language as Language] ?? INTL_LOCALES.fr;

/**
 * Loads Intl's data for the language: its first use in a page costs a phone (CPU ×4) 60-100 ms in one piece that
 * nothing can cut. Called in a task of its own before hydration, it no longer lengthens one of hydration's slices into
 * a long task (docs/performance.md, "The first chunk and the tasks after the paint"). The prices and dates of the pages
 * (lib/format.ts) then build their formatters at a fraction of that.
 */
export function warmUpIntl(language: string): void {
  const locale = intlLocale(language);
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(0);
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(0);
}
