/**
 * Series colours of the dashboard's charts: the portal's navy, teal and amber first, then hues far enough apart to
 * tell six lines apart, and slate for "Other" (the rest taken together), which never takes a colour of its own.
 */
export const SERIES_COLOURS = ['#1e3a8a', '#0d9488', '#f59e0b', '#db2777', '#7c3aed', '#0284c7'];
export const OTHER_COLOUR = '#94a3b8';

/** The i-th series' colour; "Other" is always slate. */
export const seriesColour = (i: number, other = false) =>
  other ? OTHER_COLOUR : (SERIES_COLOURS[i % SERIES_COLOURS.length] ?? OTHER_COLOUR);
