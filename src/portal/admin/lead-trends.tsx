import { useMemo, type ReactNode } from 'react';
import { QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDay } from '../../shared/india-time';
import type { DashboardTrends, LeadSeries } from '../../shared/api/dashboard';
import { useDashboardTrends } from './admin-queries';
import { ChartFigure } from './chart-figure';
import { seriesColour } from './chart-colours';
import { DailyChart, type DailySeries } from './daily-chart';
import { ResponseChart } from './response-chart';
import { formatMinutes, formatShare } from './durations';

/** What a chart of leads per day is split by, and how its lines are named. */
const SPLITS = {
  city: { title: 'Leads per day by city', column: 'City', none: 'No city (service pages)', plural: 'cities' },
  source: { title: 'Leads per day by source', column: 'Source', none: 'Not recorded', plural: 'sources' },
};

/** The calendar day `days` after a day, both YYYY-MM-DD. */
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function dailySeries(series: LeadSeries[], split: keyof typeof SPLITS): DailySeries[] {
  const words = SPLITS[split];
  return series.map((s, i) => ({
    label: s.other ? `Other (${s.members} ${words.plural})` : (s.name ?? words.none),
    colour: seriesColour(i, s.other),
    perDay: s.perDay,
  }));
}

/** Leads per day, one bar a day stacked by city or source, and the same figures as a table, newest day first. */
function DailyFigure({ trends, split }: { trends: DashboardTrends; split: keyof typeof SPLITS }) {
  const { firstDay, days } = trends;
  const series = useMemo(() => dailySeries(trends[split === 'city' ? 'byCity' : 'bySource'], split), [trends, split]);
  const total = series.reduce((sum, s) => sum + s.perDay.reduce((a, n) => a + n, 0), 0);
  const { title, column } = SPLITS[split];
  const rows = Array.from({ length: days }, (_, i) => days - 1 - i).map((i) => ({
    day: dayAfter(firstDay, i),
    counts: series.map((s) => s.perDay[i] ?? 0),
  }));
  const caption = `${title}, last ${days} days: ${total.toLocaleString('en-IN')} leads`;
  return (
    <section className="portal-card chart-card">
      <ChartFigure
        caption={<h3>{caption}</h3>}
        chart={
          total ? (
            <DailyChart firstDay={firstDay} series={series} />
          ) : (
            <p className="admin-empty">No leads in the last {days} days: they appear here as visitors send the forms.</p>
          )
        }
        table={
          <DataTable
            rows={total ? rows : []}
            rowKey={(r) => r.day}
            caption={`${title} (${column.toLowerCase()} by column)`}
            empty={{ title: `No leads in the last ${days} days` }}
            columns={[
              { header: 'Day', cell: (r) => formatDay(r.day) },
              ...series.map((s, k) => ({ header: s.label, className: 'numeric', cell: (r: (typeof rows)[number]) => r.counts[k] ?? 0 })),
              { header: 'All', className: 'numeric', cell: (r) => r.counts.reduce((a, n) => a + n, 0) },
            ]}
          />
        }
      />
    </section>
  );
}

/** Leads promised a reply: answered in time, missed (late or still unanswered past it), still in time. */
function PromiseFigure({ trends }: { trends: DashboardTrends }) {
  const { all } = trends.firstResponse;
  const decided = all.withinPromise + all.missedPromise;
  const parts = [
    { key: 'within', label: 'Answered within the promise', value: all.withinPromise, colour: '#15803d' },
    { key: 'missed', label: 'Missed: answered late or not yet, past the promise', value: all.missedPromise, colour: '#b91c1c' },
    { key: 'waiting', label: 'Not yet answered, still in time', value: all.waiting, colour: '#94a3b8' },
  ];
  return (
    <section className="portal-card chart-card">
      <ChartFigure
        caption={<h3>Answered within the promise, last {trends.days} days</h3>}
        chart={
          all.promised ? (
            <>
              <p className="promise-share">
                <strong>{formatShare(all.withinPromise, decided)}</strong> of {decided.toLocaleString('en-IN')} leads whose reply fell due
              </p>
              <div className="promise-bar">
                {parts.map((p) =>
                  p.value ? (
                    <span key={p.key} style={{ flexGrow: p.value, background: p.colour }} title={`${p.label}: ${p.value}`} />
                  ) : null,
                )}
              </div>
              <ul className="chart-legend">
                {parts.map((p) => (
                  <li key={p.key}>
                    <span className="chart-swatch" style={{ background: p.colour }} />
                    {p.label} <strong>{p.value.toLocaleString('en-IN')}</strong>
                  </li>
                ))}
              </ul>
              <p className="admin-muted">
                Median first reply {formatMinutes(all.p50Minutes)}; 90% within {formatMinutes(all.p90Minutes)}.
              </p>
            </>
          ) : (
            <p className="admin-empty">No lead of the last {trends.days} days was promised a reply.</p>
          )
        }
        table={
          <DataTable
            rows={parts}
            rowKey={(p) => p.key}
            caption="Leads promised a reply, by how the promise went"
            empty={{ title: 'No leads promised a reply' }}
            columns={[
              { header: 'Leads', cell: (p) => p.label },
              { header: 'Count', className: 'numeric', cell: (p) => p.value.toLocaleString('en-IN') },
              {
                header: 'Share of those due',
                className: 'numeric',
                cell: (p) => (p.key === 'waiting' ? '–' : formatShare(p.value, decided)),
              },
            ]}
          />
        }
      />
    </section>
  );
}

/**
 * The dashboard's charts of the last 90 days, with `beside` (the leads by status) next to the promise kept; the counts
 * above them show while these load.
 */
export function LeadTrends({ beside }: { beside?: ReactNode }) {
  const query = useDashboardTrends();
  const trends = query.data;
  return (
    <section className="lead-trends" aria-labelledby="trends">
      <h2 id="trends" className="trends-heading">
        Trends
      </h2>
      <QueryState query={query} />
      {trends ? (
        <>
          <div className="chart-grid">
            <DailyFigure trends={trends} split="city" />
            <DailyFigure trends={trends} split="source" />
          </div>
          <div className="chart-grid">
            <section className="portal-card chart-card">
              <ResponseChart
                title={`First reply by city, last ${trends.days} days`}
                label="City"
                unnamed="No city (service pages)"
                rows={trends.firstResponse.byCity}
              />
            </section>
            <section className="portal-card chart-card">
              <ResponseChart
                title={`First reply by assignee, last ${trends.days} days`}
                label="Assignee"
                unnamed="Nobody assigned"
                rows={trends.firstResponse.byAssignee}
              />
            </section>
          </div>
          <div className="chart-grid">
            <PromiseFigure trends={trends} />
            {beside}
          </div>
        </>
      ) : null}
    </section>
  );
}
