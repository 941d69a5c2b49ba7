import type { IconItemsBlock as IconItemsProps } from '../../shared/generated/page-document';
import { Icon } from '../shared/icon';
import { Section } from '../shared/section';

export function IconItemsBlock({ id, heading, intro, items }: IconItemsProps) {
  return (
    <Section id={id} className="icon-items" heading={heading} intro={intro}>
      <ul className="grid grid-3">
        {items.map((item) => (
          <li key={item.heading} className="icon-item">
            <span className="icon-badge"><Icon name={item.icon ?? 'check-circle'} /></span>
            <h3>{item.heading}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
