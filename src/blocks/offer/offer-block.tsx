import type { OfferBlock as OfferProps } from '../../shared/generated/page-document';
import { ActionButton } from '../shared/action-button';

const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The offer stays on the page after its last day, marked closed, so the figures stay on record. */
function hasClosed(validUntil: string) {
  const lastDayEnds = new Date(`${validUntil}T23:59:59+05:30`).getTime();
  return Date.now() > lastDayEnds;
}

export function OfferBlock({ id, badge, heading, text, regularPrice, price, terms, validUntil, button }: OfferProps) {
  const closed = validUntil ? hasClosed(validUntil) : false;
  return (
    <section id={id} className={`block offer${closed ? ' offer-closed' : ''}`}>
      <div className="container offer-card">
        {badge ? <p className="badge">{badge}</p> : null}
        <h2>{heading}</h2>
        {text ? <p>{text}</p> : null}
        <p className="offer-price">
          {regularPrice ? <s className="offer-regular">{regularPrice}</s> : null} <strong>{price}</strong>
        </p>
        {terms?.length ? (
          <ul className="check-list">
            {terms.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        ) : null}
        {validUntil ? (
          <p className="offer-validity">
            {closed ? `This offer closed on ${longDate(validUntil)}.` : `Offer valid till ${longDate(validUntil)}.`}
          </p>
        ) : null}
        <ActionButton button={button} />
      </div>
    </section>
  );
}
