import type { HighlightListBlock as HighlightListProps } from '../../shared/generated/page-document';
import { ActionButton } from '../shared/action-button';
import { Picture } from '../shared/picture';
import { Section } from '../shared/section';

export function HighlightListBlock({ id, heading, intro, items, image, button }: HighlightListProps) {
  return (
    <Section id={id} className="highlight-list" heading={heading} intro={intro}>
      <div className={image ? 'split' : undefined}>
        <ul className="highlights">
          {items.map((item) => (
            <li key={item.heading ?? item.text}>
              {item.heading ? <strong>{item.heading}</strong> : null}
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
        {image ? <Picture image={image} className="split-image" /> : null}
      </div>
      {button ? (
        <div className="button-row">
          <ActionButton button={button} />
        </div>
      ) : null}
    </Section>
  );
}
