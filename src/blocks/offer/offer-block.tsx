import type { OfferBlock as OfferProps } from '../../shared/generated/page-document';
import { formatDayLong } from '../../shared/india-time';
import { CheckList } from '../shared/check-list';
import { ActionButton } from '../shared/action-button';
import { renderedOn, useToday } from '../shared/use-today';
import type { IslandSchedule } from '../../ui/island';
import { usePageWords } from '../../ui/page-words';
import { usePageLocale } from '../../ui/site-navigation';
import { LOCALE_FACTS } from '../../shared/locales';

/** An island: the offer's button depends on today's date, checked once in view. */
export const island: IslandSchedule = { when: 'visible' };

export function OfferBlock({ id, badge, heading, text, regularPrice, price, terms, validUntil, button }: OfferProps) {
  const today = useToday();
  // The offer stays on the page after its last day, marked closed, so the figures stay on record; nobody can apply.
  const closed = validUntil ? today > validUntil : false;
  const words = usePageWords();
  const locale = usePageLocale();
  return (
    <section id={id} className={`block offer${closed ? ' offer-closed' : ''}`} {...renderedOn(today)}>
      <div className="container offer-card">
        {badge ? <p className="badge">{badge}</p> : null}
        <h2>{heading}</h2>
        {text ? <p>{text}</p> : null}
        <p className="offer-price">
          {regularPrice ? <s className="offer-regular">{regularPrice}</s> : null} <strong>{price}</strong>
        </p>
        <CheckList items={terms} />
        {validUntil ? (
          <p className="offer-validity">
            {words[closed ? 'offer.closedOn' : 'offer.validTill'].replace('{date}', formatDayLong(validUntil, LOCALE_FACTS[locale].tag))}
          </p>
        ) : null}
        {closed ? null : <ActionButton button={button} />}
      </div>
    </section>
  );
}
