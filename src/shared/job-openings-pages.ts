/**
 * The public job openings are paged by number in their address (/job-openings?page=2, the spec's route), so a shared
 * or indexed link shows the same ten openings; the server finds a page's rows by skipping the pages before it.
 */
export const OPENINGS_PAGE_SIZE = 10;

/** The furthest page a number reaches: 10,000 openings, each page read past the ones before it. */
export const OPENINGS_MAX_PAGE = 1000;

/** The page an address names (`page=`): 1 when it names none, or a page no number reaches. */
export function openingsPageOf(address: URLSearchParams): number {
  const page = Number(address.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= OPENINGS_MAX_PAGE ? page : 1;
}
