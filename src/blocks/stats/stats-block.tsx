import type { StatsBlock as StatsProps } from '../../shared/generated/page-document';
import { Icon } from '../shared/icon';
import { Section } from '../shared/section';

export function StatsBlock({ id, heading, paragraphs, items }: StatsProps) {
  return (
    <Section id={id} className="stats" heading={heading}>
      {paragraphs?.map((p) => (
        <p key={p} className="block-intro">
          {p}
        </p>
      ))}
      <dl className="stat-grid">
        {items.map((item) => (
          <div key={item.label} className="stat">
            {item.icon ? <Icon name={item.icon} /> : null}
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
