import type { ReactNode } from 'react';

/**
 * A chart with its caption, and its figures as a table under "Show as a table": the drawing itself is hidden from
 * screen readers, which read the caption and the table instead.
 */
export function ChartFigure({ caption, chart, table }: { caption: ReactNode; chart: ReactNode; table: ReactNode }) {
  return (
    <figure className="chart-figure">
      <figcaption>{caption}</figcaption>
      <div aria-hidden="true">{chart}</div>
      <details className="chart-table">
        <summary>Show as a table</summary>
        {table}
      </details>
    </figure>
  );
}
