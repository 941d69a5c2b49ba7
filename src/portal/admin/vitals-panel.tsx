import { DataTable, type Column } from '../../ui/data-table';
import { QueryView } from '../../ui/portal-page';
import type { VitalsSummary } from '../../shared/api/vitals';
import { OTHER_PAGES, rateVital, VITAL_NAMES, VITALS, type VitalName, type VitalRating } from '../../shared/web-vitals';
import type { useVitals } from './admin-queries';

type PageVitals = VitalsSummary['pages'][number];

const RATING_LABELS: Record<VitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** Up to two decimals of a second, whole milliseconds, three decimals of a shift: enough to tell a value from its limit. */
function formatVital(name: VitalName, value: number) {
  if (name === 'CLS') return String(Number(value.toFixed(3)));
  if (name === 'LCP' && value >= 1000) return `${Number((value / 1000).toFixed(2))} s`;
  return `${Math.round(value)} ms`;
}

function VitalCell({ name, vital }: { name: VitalName; vital: PageVitals[VitalName] }) {
  if (vital.p75 === null) return <span className="admin-muted">No samples</span>;
  const rating = rateVital(name, vital.p75);
  return (
    <>
      <span className="vital-value">{formatVital(name, vital.p75)}</span>{' '}
      <span className={`status-badge vital-${rating}`}>{RATING_LABELS[rating]}</span>
      <span className="vital-samples">
        {vital.samples.toLocaleString('en-IN')} sample{vital.samples === 1 ? '' : 's'}
      </span>
    </>
  );
}

const columns: Column<PageVitals>[] = [
  {
    header: 'Page',
    cell: (p) =>
      p.page === OTHER_PAGES ? (
        <span className="admin-muted">Other addresses (no page of the site)</span>
      ) : (
        <code className="vital-page">{p.page}</code>
      ),
  },
  ...VITAL_NAMES.map((name) => ({
    header: `${name} (good ≤ ${formatVital(name, VITALS[name].good)})`,
    cell: (p: PageVitals) => <VitalCell name={name} vital={p[name]} />,
  })),
];

/** What visitors' browsers measured per page: the 75th percentile of each Core Web Vital against Google's limits. */
export function VitalsPanel({ vitals }: { vitals: ReturnType<typeof useVitals> }) {
  return (
    <section className="portal-card" aria-labelledby="vitals">
      <h2 id="vitals">Page speed for visitors</h2>
      <QueryView query={vitals}>
        {(data) => (
          <>
            <p className="admin-muted">
              The 75th percentile of what a sample of visitors&apos; browsers measured over the last {data.days} days, beside Google&apos;s
              limit for a good page ({VITAL_NAMES.map((name) => `${name}: ${VITALS[name].label}`).join(', ')}). Pages past a limit come
              first. Each job&apos;s or post&apos;s page counts under its kind (such as /job-openings/:id); addresses that are no page of
              the site count as one row, last. A visitor&apos;s address counts once per page an hour.
            </p>
            <DataTable
              rows={data.pages}
              rowKey={(p) => p.page}
              caption={`Core Web Vitals per page, last ${data.days} days`}
              className="vitals-table"
              empty={{
                title: 'No page speed reports yet',
                text: `A sample of visits to the public pages reports how fast each page loaded, answered and held still; the last ${data.days} days show here.`,
              }}
              columns={columns}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
