import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * The cache's answers as JSON for the page: successes, and refusals as their status and message (an ApiError does
 * not survive JSON), so the browser's first render shows what the server's did.
 */
export function queryStateOf(client: QueryClient): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  const queries = state.queries.map((query) => {
    const error = query.state.error;
    if (!(error instanceof ApiError)) return query;
    const plain = { status: error.status, message: error.message } as unknown as ApiError;
    return { ...query, state: { ...query.state, error: plain, fetchFailureReason: null } };
  });
  return { ...state, queries };
}

/** Puts a page's answers into the browser's cache, refusals as ApiError again, so screens read them as they would. */
export function hydrateQueryState(client: QueryClient, state: DehydratedState) {
  const queries = state.queries.map((query) => {
    const error = query.state.error as { status?: number; message?: string } | null;
    if (!error) return query;
    return {
      ...query,
      state: { ...query.state, error: new ApiError(error.status ?? 0, error.message ?? 'Something went wrong.', [], true) },
    };
  });
  hydrate(client, { ...state, queries });
}
