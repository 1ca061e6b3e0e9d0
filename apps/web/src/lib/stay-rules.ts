import { DAYS_PER_WEEK, type LongStayDiscount, type SeasonalPrice, type StayRules } from '@roomweek/contract';
import { formatDate, formatPercent, formatPrice, INTL_LOCALES } from './format';
import type { TFunction } from './i18n';

/**
 * A room's stay rules, seasons and long-stay tiers in words (docs/behaviour.md §11), for the room page's guidance
 * and the admin's room cards and availability screen. Texts are `stayRules.*` of the common namespace.
 */

const listFormats = new Map<string, Intl.ListFormat>();

/** "Saturdays", "Fridays and Saturdays", "Mondays, Fridays and Saturdays" in the language. */
function weekdayList(days: readonly number[], t: TFunction, language: string): string {
  const locale = INTL_LOCALES[language as keyof typeof INTL_LOCALES] ?? INTL_LOCALES.fr;
  let list = listFormats.get(locale);
  if (!list) listFormats.set(locale, (list = new Intl.ListFormat(locale, { type: 'conjunction' })));
  return list.format(days.map((day) => t(`stayRules.weekdays.${day}`)));
}

/** "At least 2 weeks" when the nights are whole weeks, else "At least 10 nights" (and so for the maximum). */
function lengthRule(kind: 'min' | 'max', nights: number, t: TFunction): string {
  return nights % DAYS_PER_WEEK === 0
    ? t(`stayRules.${kind}Weeks`, { count: nights / DAYS_PER_WEEK })
    : t(`stayRules.${kind}Nights`, { count: nights });
}

/** One sentence per rule the room has; none when any stay is allowed. */
export function describeStayRules(rules: StayRules, t: TFunction, language: string): string[] {
  const sentences: string[] = [];
  if (rules.changeover_days.length > 0) {
    sentences.push(t('stayRules.changeover', { days: weekdayList(rules.changeover_days, t, language) }));
  }
  if (rules.min_nights > 1) sentences.push(lengthRule('min', rules.min_nights, t));
  if (rules.max_nights !== null) sentences.push(lengthRule('max', rules.max_nights, t));
  if (rules.whole_weeks) sentences.push(t('stayRules.wholeWeeks'));
  return sentences;
}

/** "4 Jul 2031 – 29 Aug 2031: €490.00 / week" per season (its last night is the day before end_date). */
export function describeSeasons(seasons: readonly SeasonalPrice[], t: TFunction, language: string): string[] {
  return seasons.map((season) =>
    t('stayRules.season', {
      start: formatDate(season.start_date, language),
      end: formatDate(season.end_date, language),
      price: formatPrice(season.price_per_week, language),
    }),
  );
}

/** "−10% from 4 weeks" per tier. */
export function describeDiscounts(discounts: readonly LongStayDiscount[], t: TFunction, language: string): string[] {
  return discounts.map((tier) => t('stayRules.discount', { count: tier.min_weeks, percent: formatPercent(tier.percent, language) }));
}
