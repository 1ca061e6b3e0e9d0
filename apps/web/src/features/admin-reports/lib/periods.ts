import { addDays } from '@roomweek/contract';

/** The reports screen's periods: four the owner asks for most, or any from/to. */
export const PERIOD_PRESETS = ['this_month', 'last_month', 'next_3_months', 'this_year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface DateRange {
  from: string;
  to: string;
}

/** The calendar date of a year, a month counted from 0 (it may overflow either way) and a day (0: the month before's last). */
const dateOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/**
 * A preset's dates around the site's `today`, both included: this month and last month whole, the three months from
 * today (to the day before the same date three months on, or that month's last day when it has no such date), this
 * year whole.
 */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): DateRange {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  switch (preset) {
    case 'this_month':
      return { from: dateOf(year, month - 1, 1), to: dateOf(year, month, 0) };
    case 'last_month':
      return { from: dateOf(year, month - 2, 1), to: dateOf(year, month - 1, 0) };
    case 'next_3_months': {
      const lastDay = Number(dateOf(year, month + 3, 0).slice(8));
      return { from: today, to: day > lastDay ? dateOf(year, month + 2, lastDay) : addDays(dateOf(year, month + 2, day), -1) };
    }
    case 'this_year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
  }
}
