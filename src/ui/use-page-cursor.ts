import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PageCursor } from './pagination';

/**
 * A list's page cursor kept in the address (`after=` or `before=`), so Back returns to the page the visitor left
 * and a link reproduces it. The query of the API takes the same two parameters.
 */
export function usePageCursor() {
  const [params, setParams] = useSearchParams();
  const after = params.get('after') ?? undefined;
  const before = params.get('before') ?? undefined;
  const setCursor = useCallback(
    ({ after: nextAfter, before: nextBefore }: PageCursor) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.delete('after');
        next.delete('before');
        if (nextAfter) next.set('after', nextAfter);
        if (nextBefore) next.set('before', nextBefore);
        return next;
      }),
    [setParams],
  );
  /** The cursor as API query parameters, empty on the first page. */
  const cursorQuery: Record<string, string> = after ? { after } : before ? { before } : {};
  return { cursor: { after, before } as PageCursor, cursorQuery, setCursor };
}

/**
 * Address parameters that a new filter or search clears, so it starts from the first page: the cursor, or the page's
 * number in a list that names its pages by number (the public job openings).
 */
export const CURSOR_PARAMS = ['after', 'before', 'page'] as const;
