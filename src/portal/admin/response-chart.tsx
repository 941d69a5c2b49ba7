import { DataTable } from '../../ui/data-table';
import type { ResponseFigures } from '../../shared/api/dashboard';
import { ChartFigure } from './chart-figure';
import { formatMinutes, formatShare } from './durations';

/** The chart draws the rows with the most leads promised a reply; the table lists them all. */
const CHART_ROWS = 8;

/**
 * First replies by city or by assignee: a bar to the 90th percentile with the median darker inside it, beside the
 * share answered within the promise; the table adds the counts.
 */
export function ResponseChart({ title, label, rows, unnamed }: { title: string; label: string; rows: ResponseFigures[]; unnamed: string }) {
  const named = rows.map((r) => ({ ...r, label: r.name ?? unnamed }));
  const shown = named.filter((r) => r.answered > 0).slice(0, CHART_ROWS);
  const longest = Math.max(1, ...shown.map((r) => r.p90Minutes ?? 0));
  const width = (minutes: number | null) => `${(100 * (minutes ?? 0)) / longest}%`;
  return (
    <ChartFigure
      caption={<h3>{title}</h3>}
      chart={
        shown.length ? (
          <>
            <p className="chart-key">
              <span className="chart-swatch bar-p50" /> Median reply <span className="chart-swatch bar-p90" /> 90% answered within
            </p>
            <ul className="bar-list response-bars">
              {shown.map((r) => (
                <li key={r.label}>
                  <span className="bar-label">{r.label}</span>
                  <span className="bar-track">
                    <span className="bar-fill bar-p90" style={{ width: width(r.p90Minutes) }} />
                    <span className="bar-fill bar-p50" style={{ width: width(r.p50Minutes) }} />
                  </span>
                  <span className="bar-text">
                    {formatMinutes(r.p50Minutes)} / {formatMinutes(r.p90Minutes)}
                    <small>{formatShare(r.withinPromise, r.withinPromise + r.missedPromise)} in time</small>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="admin-empty">No lead promised a reply has been answered yet.</p>
        )
      }
      table={
        <DataTable
          rows={named}
          rowKey={(r) => r.label}
          caption={title}
          empty={{ title: 'No leads promised a reply in these days' }}
          columns={[
            { header: label, cell: (r) => r.label },
            { header: 'Promised a reply', className: 'numeric', cell: (r) => r.promised.toLocaleString('en-IN') },
            { header: 'Answered', className: 'numeric', cell: (r) => r.answered.toLocaleString('en-IN') },
            { header: 'Median reply', className: 'numeric', cell: (r) => formatMinutes(r.p50Minutes) },
            { header: '90% within', className: 'numeric', cell: (r) => formatMinutes(r.p90Minutes) },
            { header: 'Within the promise', className: 'numeric', cell: (r) => r.withinPromise.toLocaleString('en-IN') },
            { header: 'Missed', className: 'numeric', cell: (r) => r.missedPromise.toLocaleString('en-IN') },
            { header: 'Still in time', className: 'numeric', cell: (r) => r.waiting.toLocaleString('en-IN') },
            { header: 'Share in time', className: 'numeric', cell: (r) => formatShare(r.withinPromise, r.withinPromise + r.missedPromise) },
          ]}
        />
      }
    />
  );
}
