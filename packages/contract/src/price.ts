import { daysBetween } from './dates.ts';

/**
 * docs/behaviour.md §9: total = price_per_week × max(1, days / 7), days being whole days between the dates,
 * rounded to the cent. Shared by the server (the only price that counts) and the stay summary.
 */
export function stayTotalCents(pricePerWeekCents: number, startDate: string, endDate: string): number {
  const days = daysBetween(startDate, endDate);
  const weeks = Math.max(1, days / 7);
  return Math.round(pricePerWeekCents * weeks);
}

export const toCents = (euros: number): number => Math.round(euros * 100);
export const toEuros = (cents: number): number => cents / 100;
