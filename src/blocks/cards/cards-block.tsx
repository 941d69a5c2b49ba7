import type { CardsBlock as CardsProps } from '../../shared/generated/page-document';
import { ActionButton } from '../shared/action-button';
import { Icon } from '../shared/icon';
import { Section } from '../shared/section';

export function CardsBlock({ id, subheading, heading, intro, variant, cards, note }: CardsProps) {
  return (
    <Section id={id} className={`cards cards-${variant}`} subheading={subheading} heading={heading} intro={intro}>
      <ul className="grid grid-3">
        {cards.map((card) => (
          <li key={card.title} className="card">
            {card.icon ? (
              <span className="icon-badge">
                <Icon name={card.icon} />
              </span>
            ) : null}
            {card.value ? <p className="card-value">{card.value}</p> : null}
            <h3>{card.title}</h3>
            {card.text ? <p>{card.text}</p> : null}
            {card.items?.length ? (
              <ul className="check-list">
                {card.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {card.button ? <ActionButton button={card.button} /> : null}
          </li>
        ))}
      </ul>
      {note ? <p className="block-note">{note}</p> : null}
    </Section>
  );
}
