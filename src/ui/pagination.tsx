import type { CursorPaged } from '../shared/api/common';

/** Which page of a list to show: the rows after a cursor, before one, or the first page. */
export interface PageCursor {
  after?: string;
  before?: string;
}

/** A page of a list as the API answered it, and how to move from it. */
export type Paging = Pick<CursorPaged, 'nextCursor' | 'prevCursor' | 'total' | 'totalExact'> & {
  onPage: (cursor: PageCursor) => void;
  /** What the rows are, for "1,234 leads": plural, lower case. */
  noun?: string;
  /** The words of a page in another language: its buttons, its landmark and the count as it says it. */
  words?: { previous: string; next: string; pages: string; count: string };
};

/** The paging of a page the API answered, moving with `onPage`. */
export const pagingOf = (page: CursorPaged, onPage: Paging['onPage'], noun?: string): Paging => ({
  nextCursor: page.nextCursor,
  prevCursor: page.prevCursor,
  total: page.total,
  totalExact: page.totalExact,
  onPage,
  noun,
});

const count = (n: number) => n.toLocaleString('en-IN');

/** "1,234 leads", or "more than 10,000 leads" when the server stopped counting. */
export const matchCount = (total: number, exact: boolean, noun = 'results') =>
  exact ? `${count(total)} ${noun}` : `More than ${count(total)} ${noun}`;

/**
 * Previous and next through a list the server pages by cursor. No page numbers: counting a million rows to say
 * "page 4,812 of 50,000" would cost more than the page itself.
 */
export function Pagination({ nextCursor, prevCursor, total, totalExact, onPage, noun, words }: Paging) {
  if (nextCursor === null && prevCursor === null) return null;
  return (
    <nav className="pagination" aria-label={words?.pages ?? 'Pages'}>
      <button
        type="button"
        className="button button-light"
        disabled={prevCursor === null}
        onClick={() => prevCursor !== null && onPage({ before: prevCursor })}
      >
        {words?.previous ?? 'Previous'}
      </button>
      <span>{words?.count ?? matchCount(total, totalExact, noun)}</span>
      <button
        type="button"
        className="button button-light"
        disabled={nextCursor === null}
        onClick={() => nextCursor !== null && onPage({ after: nextCursor })}
      >
        {words?.next ?? 'Next'}
      </button>
    </nav>
  );
}
