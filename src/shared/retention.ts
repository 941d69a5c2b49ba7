import type { RetentionPeriod } from './generated/site-config';

/** "24 months", "1 day": a retention period of pages/site.json as the privacy policy words it. */
export function retentionWords(period: RetentionPeriod): string {
  const [count, unit] = period.months ? [period.months, 'month'] : [period.days ?? 0, 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
