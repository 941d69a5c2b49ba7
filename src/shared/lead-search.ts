/**
 * The leads search is served by a trigram index, which needs three letters or digits in a row to look anything up;
 * shorter text would make PostgreSQL read every lead. The API refuses it with this message and the search box waits.
 */
const SEARCH_MIN = 3;

export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN} letters or digits in a row to search.`;

const searchable = new RegExp(`[\\p{L}\\p{N}\\p{M}]{${SEARCH_MIN}}`, 'u');

/** Whether a search text can be looked up through the index (blank text is no search at all). */
export const isSearchable = (q: string) => searchable.test(q);
