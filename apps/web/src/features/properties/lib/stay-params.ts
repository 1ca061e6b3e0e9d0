import { isCalendarDate } from '@roomweek/contract';
import { guestsParam } from '@/lib/party';
import type { PropertyStay } from '../api/get-free-rooms';

/** The stay a property page's address names (`?start_date=&end_date=&guests=`, issue 26), or null without both dates. */
export function stayOf(params: URLSearchParams): PropertyStay | null {
  const start = params.get('start_date');
  const end = params.get('end_date');
  if (!start || !end || !isCalendarDate(start) || !isCalendarDate(end) || end <= start) return null;
  return { start_date: start, end_date: end, guests: guestsParam(params.get('guests')) ?? 1 };
}
