import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { VitalsReport } from '../shared/api/vitals';

/**
 * Sends this page load's Core Web Vitals once, when the visitor leaves or hides the page (the moment INP and CLS are
 * final). keepalive lets the request outlive the page.
 */
export function reportVitals(page: string) {
  const metrics = new Map<Metric['name'], number>();
  const keep = (metric: Metric) => metrics.set(metric.name, metric.value);
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  let sent = false;
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || sent || !metrics.size) return;
    sent = true;
    const report: VitalsReport = {
      page,
      metrics: [...metrics].flatMap(([name, value]) => (name === 'LCP' || name === 'INP' || name === 'CLS' ? [{ name, value }] : [])),
    };
    void fetch('/api/vitals', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
    }).catch(() => undefined);
  });
}
