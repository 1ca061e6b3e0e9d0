/**
 * The search's constants without zod (issue 26, decision 0026): the public search page and the home page's form read
 * them at run time. The schemas are in search.ts.
 */
export const SEARCH_SORTS = ['price', '-price', 'capacity'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
/** How many other stays the empty answer suggests, and how far (days either side of the arrival asked) it looks. */
export const SEARCH_MAX_SUGGESTIONS = 3;
export const SEARCH_SUGGESTION_DAYS = 28;
