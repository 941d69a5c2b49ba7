import type { HTMLAttributes, ReactNode } from 'react';
import { Pagination, type Paging } from './pagination';
import { EmptyState } from './portal-page';
import { ScrollRegion } from './scroll-region';

export interface Column<Row> {
  /** The heading; a column of buttons may give its name to screen readers only (`visuallyHidden`). */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Class of the column's heading and cells, e.g. `numeric`. */
  className?: string;
  visuallyHidden?: boolean;
  /** On a phone's card, the cell shown first and without its heading (the row's name). */
  cardTitle?: boolean;
}

export type { Paging };

/** How a row is told apart from the others: its `id` unless the rows have none. */
type RowKey<Row> = Row extends { id: string } ? { rowKey?: (row: Row) => string } : { rowKey: (row: Row) => string };

type DataTableProps<Row> = RowKey<Row> & {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** What shows instead of the table when there are no rows: say so, and say what fills it. */
  empty: { title: string; text?: ReactNode };
  /** Names the table for screen readers. */
  caption?: string;
  /** Extra class of the table, e.g. `leads-table`. */
  className?: string;
  /** Attributes of a row: its class, a click handler, aria-current. */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
  /** Previous and next under the table, for a list the server pages. */
  paging?: Paging;
  /**
   * A list rather than figures: on a phone each row is a card, each cell under its heading, nothing to scroll
   * sideways. Figures to compare by column (the dashboard's) stay a table that scrolls.
   */
  cards?: boolean;
};

const idOf = (row: unknown) => (row as { id: string }).id;

/**
 * The box a table scrolls sideways in when the screen is narrower than its columns: a region named after the
 * caption, a tab stop while it overflows, so a keyboard can scroll it too. "table" sets its name apart from the
 * section around it, often named by a heading with the caption's words.
 */
function TableBox({ label, children }: { label?: string; children: ReactNode }) {
  if (!label) return <div className="table-wrap">{children}</div>;
  return (
    <ScrollRegion className="table-wrap" label={`${label} table`}>
      {children}
    </ScrollRegion>
  );
}

/** The one list table of the portal: headings, rows, the empty state, and paging. */
export function DataTable<Row>({ columns, rows, rowKey = idOf, empty, caption, className, rowProps, paging, cards }: DataTableProps<Row>) {
  const classes = ['data-table', cards ? 'data-table-cards' : '', className ?? ''].filter(Boolean).join(' ');
  // Cards change how the table's parts are displayed; their roles keep it a table to screen readers in every browser.
  const role = (name: string) => (cards ? { role: name } : {});
  return (
    <>
      {rows.length ? (
        <TableBox label={caption}>
          <table className={classes} {...role('table')}>
            {caption ? <caption className="visually-hidden">{caption}</caption> : null}
            <thead {...role('rowgroup')}>
              <tr {...role('row')}>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.className} {...role('columnheader')}>
                    {c.visuallyHidden ? <span className="visually-hidden">{c.header}</span> : c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody {...role('rowgroup')}>
              {rows.map((row) => (
                <tr key={rowKey(row)} {...role('row')} {...rowProps?.(row)}>
                  {columns.map((c) => (
                    <td
                      key={c.header}
                      className={[c.className, c.cardTitle ? 'data-table-card-title' : ''].filter(Boolean).join(' ') || undefined}
                      data-label={cards && !c.cardTitle && !c.visuallyHidden ? c.header : undefined}
                      {...role('cell')}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      ) : (
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      )}
      {paging ? <Pagination {...paging} /> : null}
    </>
  );
}
