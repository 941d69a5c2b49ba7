import { Briefcase, Building2, Calendar, Clock, MapPin, Users } from 'lucide-react';
import type { EventsBlock as EventsProps, HiringEvent } from '../../shared/generated/page-document';
import { isUpcoming } from '../../shared/hiring-events';
import { formatDay } from '../../shared/india-time';
import { popupButton } from '../../ui/popups';
import { Section } from '../shared/section';
import { useToday } from '../shared/use-today';
import type { IslandSchedule } from '../../ui/island';
import { usePageWords } from '../../ui/page-words';
import type { PageWords } from '../../shared/page-locales';
import { usePageLocale } from '../../ui/site-navigation';
import { LOCALE_FACTS } from '../../shared/locales';

/** The register button's label: the page's own if it sets one, else by the kind of event. */
function registerLabel(event: Pick<HiringEvent, 'category'>, words: PageWords, pageLabel?: string) {
  if (pageLabel) return pageLabel;
  return event.category === 'Workshop' ? words['events.registerWorkshop'] : words['events.register'];
}

function EventCard({ event, buttonLabel, today }: { event: HiringEvent; buttonLabel?: string; today: string }) {
  const upcoming = isUpcoming(event, today);
  const words = usePageWords();
  const locale = usePageLocale();
  return (
    <li className={`card event-card${event.featured ? ' event-featured' : ''}`}>
      <div className="event-tags">
        <span className="badge">{event.category}</span>
        {event.featured ? <span className="badge badge-accent">Featured</span> : null}
        <span className={`badge ${upcoming ? 'badge-upcoming' : 'badge-muted'}`}>{upcoming ? 'Coming Soon' : 'Completed'}</span>
      </div>
      <h3>{event.title}</h3>
      <ul className="event-facts">
        <li>
          <Calendar size={16} aria-hidden="true" />{' '}
          {event.date ? <time dateTime={event.date}>{formatDay(event.date, LOCALE_FACTS[locale].tag)}</time> : event.repeats}
        </li>
        <li>
          <Clock size={16} aria-hidden="true" /> {event.time}
        </li>
        <li>
          <MapPin size={16} aria-hidden="true" /> {event.location}
        </li>
      </ul>
      <p>{event.description}</p>
      {event.companies || event.positions || event.attendees ? (
        <ul className="event-figures">
          {event.companies ? (
            <li>
              <Building2 size={16} aria-hidden="true" /> {event.companies} companies
            </li>
          ) : null}
          {event.positions ? (
            <li>
              <Briefcase size={16} aria-hidden="true" /> {event.positions} positions
            </li>
          ) : null}
          {event.attendees ? (
            <li>
              <Users size={16} aria-hidden="true" /> Attendees: {event.attendees}
            </li>
          ) : null}
        </ul>
      ) : null}
      {upcoming ? (
        <button type="button" className="button" {...popupButton('event-registration', event.title)}>
          {registerLabel(event, words, buttonLabel)}
          {/* Several cards share the label; the event's name tells a screen reader which one this is. */}
          <span className="visually-hidden"> for {event.title}</span>
        </button>
      ) : (
        <p className="event-closed">This event has taken place.</p>
      )}
    </li>
  );
}

/** An island: dates decide what it shows (Coming Soon, a past event), checked against today's date once in view. */
export const island: IslandSchedule = { when: 'visible' };

export function EventsBlock({ id, heading, intro, buttonLabel, events }: EventsProps) {
  const today = useToday();
  return (
    <Section id={id} className="events" heading={heading} intro={intro} day={today}>
      <ul className="grid grid-3">
        {events.map((event) => (
          <EventCard key={event.title} event={event} buttonLabel={buttonLabel} today={today} />
        ))}
      </ul>
    </Section>
  );
}
