import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { keepWhileLanguageChanges } from '@/lib/query-keys';

/**
 * A read of content in one language (its key ends with the language, docs/behaviour.md §15): while another
 * language's answer loads, the previous one stays shown. `page`: the read of a page the server renders — a page
 * it rendered as "not found" stays so in the browser (docs/behaviour.md §16): the failed read it brings is shown,
 * not asked again behind a spinner (the page offers its own retry).
 */
export function contentQuery<T, Key extends QueryKey>(queryKey: Key, read: (signal: AbortSignal) => Promise<T>, { page = false } = {}) {
  return queryOptions<T, Error, T, Key>({
    queryKey,
    queryFn: ({ signal }) => read(signal),
    placeholderData: (previous, previousQuery) => keepWhileLanguageChanges(previous, previousQuery, queryKey),
    retryOnMount: !page,
  });
}
