/** Calendar-date arithmetic for picking stays in tests (UTC-based, like the contract's helpers). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** The last day of the month after `date`'s month: the calendar shows two months. */
export function endOfNextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
}

/**
 * A free stay of `nights` nights that ends by `last` (by default within the two months the calendar shows), starting
 * at least `fromOffset` days after today; booked ranges are [start, end).
 */
export function freeStay(
  today: string,
  booked: { start_date: string; end_date: string }[],
  nights: number,
  fromOffset = 1,
  last = endOfNextMonth(today),
): { arrival: string; departure: string } {
  const taken = (night: string) => booked.some((b) => b.start_date <= night && night < b.end_date);
  for (let offset = fromOffset; ; offset++) {
    const arrival = addDays(today, offset);
    const departure = addDays(arrival, nights);
    if (departure > last) throw new Error(`No free stay of ${nights} nights until ${last}`);
    let free = true;
    for (let n = 0; n < nights; n++) if (taken(addDays(arrival, n))) free = false;
    if (free) return { arrival, departure };
  }
}
