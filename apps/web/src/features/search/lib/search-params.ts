import { isCalendarDate, SEARCH_SORTS, type SearchQuery, type SearchSort } from '@roomweek/contract';
import { guestsParam } from '@/lib/party';

/** What /search shows, read from its address (issue 26). Values the API would refuse are passed on, so it says why. */
export interface SearchState {
  start_date?: string;
  end_date?: string;
  guests: number;
  property_id?: string;
  min_price?: number;
  max_price?: number;
  amenities: string[];
  sort: SearchSort;
  cursor?: string;
}

/** The address's parameters that are filters (the stay and the party are not: they make the page's canonical address). */
const FILTERS = ['property_id', 'min_price', 'max_price', 'amenities', 'sort'] as const;

const text = (value: string | null) => (value && value.trim() ? value.trim() : undefined);
const price = (value: string | null) => {
  const given = text(value);
  if (given === undefined) return undefined;
  const number = Number(given);
  return Number.isFinite(number) ? number : undefined;
};
const isSort = (value: string | null): value is SearchSort => (SEARCH_SORTS as readonly (string | null)[]).includes(value);

export function readSearch(params: URLSearchParams): SearchState {
  const start = text(params.get('start_date'));
  const end = text(params.get('end_date'));
  const sort = params.get('sort');
  const state: SearchState = {
    guests: guestsParam(params.get('guests')) ?? 1,
    amenities: (params.get('amenities') ?? '').split(',').filter(Boolean),
    sort: isSort(sort) ? sort : 'price',
  };
  // Dates go together; a date the API would refuse (past, end before start) goes to it, which names the field.
  if (start && end && isCalendarDate(start) && isCalendarDate(end)) Object.assign(state, { start_date: start, end_date: end });
  const optional = {
    property_id: text(params.get('property_id')),
    min_price: price(params.get('min_price')),
    max_price: price(params.get('max_price')),
    cursor: text(params.get('cursor')),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(state, { [key]: value });
  return state;
}

/** The API's query for one page of the search (the cursor comes with each page). */
export function searchApiQuery({ cursor: _cursor, amenities, ...state }: SearchState): Omit<SearchQuery, 'lang' | 'cursor'> {
  return { ...state, amenities: amenities.length > 0 ? amenities.join(',') : undefined };
}

/** The address of a search: the stay and party first, then the filters that are set (the default sort left out). */
export function searchAddress(state: SearchState): string {
  const query = new URLSearchParams();
  if (state.start_date && state.end_date) {
    query.set('start_date', state.start_date);
    query.set('end_date', state.end_date);
  }
  query.set('guests', String(state.guests));
  if (state.property_id) query.set('property_id', state.property_id);
  if (state.min_price !== undefined) query.set('min_price', String(state.min_price));
  if (state.max_price !== undefined) query.set('max_price', String(state.max_price));
  if (state.amenities.length > 0) query.set('amenities', state.amenities.join(','));
  if (state.sort !== 'price') query.set('sort', state.sort);
  if (state.cursor) query.set('cursor', state.cursor);
  return `/search?${query.toString()}`;
}

/** A filtered variant (any filter beyond the stay and the party, or a later page) is kept out of search engines. */
export function isFilteredSearch(params: URLSearchParams): boolean {
  return params.has('cursor') || FILTERS.some((name) => params.has(name));
}
