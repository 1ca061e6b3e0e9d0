import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** The id of the JSON the server puts in a page it rendered (docs/behaviour.md §16). */
export const BOOT_DATA_ID = 'boot-data';

export interface BootData {
  /** The reads the server rendered the page with (TanStack Query's dehydrated state). */
  state: DehydratedState;
}

/** Whether a read failed on the server: the page shows its error text, which must be loaded before it hydrates. */
export const hasFailedReads = (data: BootData): boolean => data.state.queries.some((query) => query.state.error != null);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A read that failed on the server (a 404) comes as plain JSON: it becomes the ApiError the pages test for again. */
function reviveErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!isRecord(error) || typeof error.status !== 'number') return query;
      const revived = new ApiError(error.status, {
        code: typeof error.code === 'string' ? error.code : undefined,
        detail: typeof error.detail === 'string' ? error.detail : undefined,
        field: typeof error.field === 'string' ? error.field : undefined,
      });
      return { ...query, state: { ...query.state, error: revived } };
    }),
  };
}

/** The page's boot data, if the server rendered it; its reads go into `client` before the first render. */
export function takeBootData(client: QueryClient): BootData | null {
  const element = document.getElementById(BOOT_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as BootData;
    hydrate(client, reviveErrors(data.state));
    return data;
  } catch {
    // Garbled: the app renders from scratch and asks the API.
    return null;
  }
}
