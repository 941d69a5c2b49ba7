import { matchAppRoute } from '../shared/route-match';
import { VITALS_ALWAYS_KEY, VITALS_SAMPLE_RATE } from '../shared/web-vitals';

/** A sample of public page loads reports its Core Web Vitals; the measuring code loads only for those. */
export function sampleVitals() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (matchAppRoute(path)?.protected) return;
  const always = (() => {
    try {
      return localStorage.getItem(VITALS_ALWAYS_KEY) === 'always';
    } catch {
      return false;
    }
  })();
  if (always || Math.random() < VITALS_SAMPLE_RATE) void import('./report-vitals').then(({ reportVitals }) => reportVitals(path));
}
