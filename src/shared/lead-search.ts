/**
 * The leads search is served by a trigram index, which needs three letters or digits in a row to look anything up;
 * shorter text would make PostgreSQL read every lead. The API refuses it with this message and the search box waits.
 */
export const SEARCH_MIN = 3;

export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN} letters or digits in a row to search.`;

const searchable = new RegExp(`[\\p{L}\\p{N}\\p{M}]{${SEARCH_MIN}}`, 'u');

/** Whether a search text can be looked up through the index (blank text is no search at all). */
export const isSearchable = (q: string) => searchable.test(q);

const reference = /^\s*(hf-\d{4}-\d{6,})\s*$/i;

/** The submission reference a search text is (HF-2026-000123, in any case), looked up by its own index; else null. */
export const referenceIn = (q: string) => reference.exec(q)?.[1]?.toUpperCase() ?? null;
