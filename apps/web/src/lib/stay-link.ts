/**
 * The stay a search asks for, or a result opens a room with (`?start_date=&end_date=&guests=`, issue 26). Not in
 * config/paths.ts, which every page loads: only the pages that link a stay need it.
 */
export interface StayParams {
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  guests?: number | null | undefined;
}

/** `path` with the stay's parameters that are set (none: the path alone). */
export function withStayParams(path: string, { start_date, end_date, guests }: StayParams): string {
  const query = new URLSearchParams();
  if (start_date && end_date) {
    query.set('start_date', start_date);
    query.set('end_date', end_date);
  }
  if (guests) query.set('guests', String(guests));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
