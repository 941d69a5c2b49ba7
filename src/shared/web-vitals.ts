/**
 * The Core Web Vitals the site reports from visitors' browsers, with Google's limits for the p75 of page loads: up to
 * `good` is good, above `poor` is poor, between needs improvement.
 */
export const VITALS = {
  LCP: { label: 'Largest Contentful Paint', good: 2500, poor: 4000, unit: 'ms' },
  INP: { label: 'Interaction to Next Paint', good: 200, poor: 500, unit: 'ms' },
  CLS: { label: 'Cumulative Layout Shift', good: 0.1, poor: 0.25, unit: '' },
} as const;

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
