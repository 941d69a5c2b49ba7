/**
 * The Core Web Vitals the site reports from visitors' browsers, with Google's limits for the p75 of page loads: up to
 * `good` is good, above `poor` is poor, between needs improvement.
 */
export const VITALS = {
  LCP: { label: 'Largest Contentful Paint', good: 2500, poor: 4000, plausible: 60_000, unit: 'ms' },
  INP: { label: 'Interaction to Next Paint', good: 200, poor: 500, plausible: 60_000, unit: 'ms' },
  CLS: { label: 'Cumulative Layout Shift', good: 0.1, poor: 0.25, plausible: 10, unit: '' },
} as const;
// `plausible`: the most a real page load measures (a minute to paint or answer, ten screens of shift). A report past
// it is made up or broken, and one such value would move a page's p75, so the server keeps none.

/**
 * The page the dashboard counts a report under when it is from an address the site does not serve (a mistyped link,
 * a made-up path): all such reports are one row, so no one can fill the dashboard with pages of their own.
 */
export const OTHER_PAGES = 'other';

export type VitalName = keyof typeof VITALS;
export const VITAL_NAMES = Object.keys(VITALS) as VitalName[];

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** Google's rating of a vital's value. */
export function rateVital(name: VitalName, value: number): VitalRating {
  const { good, poor } = VITALS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** Days of reports the dashboard summarises, as the Chrome UX Report does. */
export const VITALS_WINDOW_DAYS = 28;

/** The share of page loads that report: enough for percentiles, a small load on the server. */
export const VITALS_SAMPLE_RATE = 0.1;

/** Set in localStorage (to "always") on a device whose every page load should report, to check the dashboard. */
export const VITALS_ALWAYS_KEY = 'hireframe:report-vitals';
