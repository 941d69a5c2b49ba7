import type { IconItemsBlock as IconItemsProps } from '../../shared/generated/page-document';
import { CardGridSection, IconItemCard } from '../shared/card-grid';

export function IconItemsBlock({ id, heading, intro, items }: IconItemsProps) {
  return (
    <CardGridSection id={id} className="icon-items" heading={heading} intro={intro}>
      {items.map((item) => (
        <IconItemCard key={item.heading} item={item} />
      ))}
    </CardGridSection>
  );
}
