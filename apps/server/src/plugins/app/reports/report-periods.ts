import { addDays, type ReportGroup } from '@roomweek/contract';

/** A period of a report: the site's dates from `start` (included) to `end` (excluded). */
export interface Period {
  start: string;
  end: string;
}

/** The day of the week of a date, Monday 0 … Sunday 6. */
const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The first day of the period (month, ISO week from Monday, day) that holds `date`. */
function periodStart(date: string, group: ReportGroup): string {
  if (group === 'day') return date;
  if (group === 'week') return addDays(date, -weekday(date));
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the next period. */
function nextStart(start: string, group: ReportGroup): string {
  if (group === 'day') return addDays(start, 1);
  if (group === 'week') return addDays(start, 7);
  const [year, month] = start.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The periods from `from` to `to` (both included) by month, ISO week or day, the first and last cut to the range:
 * every period appears, empty or not, so a report has zeros rather than gaps.
 */
export function reportPeriods(from: string, to: string, group: ReportGroup): Period[] {
  const end = addDays(to, 1);
  const periods: Period[] = [];
  for (let start = periodStart(from, group); start < end; start = nextStart(start, group)) {
    const next = nextStart(start, group);
    periods.push({ start: start < from ? from : start, end: next > end ? end : next });
  }
  return periods;
}
