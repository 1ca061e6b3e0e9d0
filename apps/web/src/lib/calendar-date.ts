/**
 * The calendar works with `Date` objects at local midnight; the app carries `YYYY-MM-DD` strings.
 * These two functions are the only bridge, and use local getters (never toISOString, which is UTC).
 */
export function toCalendarDate(date: Date): string {
  const year = String(date.getFullYear()).padStart(4, '0');
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export function fromCalendarDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}
