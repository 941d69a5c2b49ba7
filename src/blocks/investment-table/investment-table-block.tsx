import type { InvestmentTableBlock as InvestmentTableProps } from '../../shared/generated/page-document';
import { IconItemCard } from '../shared/card-grid';
import { Section } from '../shared/section';
import { SideScroll } from './side-scroll';
import type { IslandSchedule } from '../../ui/island';

/** An island: nothing changes until the visitor scrolls the table. */
export const island: IslandSchedule = { when: 'idle', waitForVisitor: true };

export function InvestmentTableBlock({ id, heading, intro, needs, columns, rows, note }: InvestmentTableProps) {
  return (
    <Section id={id} className="investment-table" heading={heading} intro={intro}>
      {needs?.length ? (
        <ul className="grid grid-3 needs">
          {needs.map((need) => (
            <IconItemCard key={need.heading} item={need} />
          ))}
        </ul>
      ) : null}
      <SideScroll label={heading}>
        <table>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </SideScroll>
      {note ? <p className="block-note">{note}</p> : null}
    </Section>
  );
}
