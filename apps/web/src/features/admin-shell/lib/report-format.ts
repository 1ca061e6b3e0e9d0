import type { ReportGroup, ReportPeriod } from '@roomweek/contract';
import { INTL_LOCALES } from '@/lib/format';

const locale = (language: string) => INTL_LOCALES[language as keyof typeof INTL_LOCALES] ?? INTL_LOCALES.fr;

/** A calendar date as a UTC instant, so that no time zone shifts it by a day. */
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** A report's period as its row and its bar are labelled: "févr. 2030", "4–10 févr.", "lun. 4 févr.". */
export function periodLabel(period: Pick<ReportPeriod, 'start' | 'end'>, group: ReportGroup, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    group === 'month'
      ? { month: 'short', year: 'numeric' }
      : group === 'week'
        ? { day: 'numeric', month: 'short' }
        : { weekday: 'short', day: 'numeric', month: 'short' };
  const format = new Intl.DateTimeFormat(locale(language), { ...options, timeZone: 'UTC' });
  return group === 'week' && period.start !== period.end ? format.formatRange(utc(period.start), utc(period.end)) : format.format(utc(period.start));
}

/** A share (0–1) as a percentage with at most one decimal: 0.625 → "62,5 %". */
export function formatRatio(ratio: number, language: string): string {
  return new Intl.NumberFormat(locale(language), { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

/** A count or an average, with at most one decimal: 6.25 → "6,3". */
export function formatFigure(value: number, language: string): string {
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: 1 }).format(value);
}
