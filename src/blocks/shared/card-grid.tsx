import type { ReactNode } from 'react';
import type { IconItem, Person } from '../../shared/generated/page-document';
import { Icon } from './icon';
import { Picture } from './picture';
import { Section } from './section';

/** A block whose body is cards, three to a row on wide screens. */
export function CardGridSection({
  id,
  className,
  heading,
  intro,
  children,
}: {
  id?: string;
  className: string;
  heading?: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Section id={id} className={className} heading={heading} intro={intro}>
      <ul className="grid grid-3">{children}</ul>
    </Section>
  );
}

/** A point with its icon (a check mark unless it names one), a heading and a line of text. */
export function IconItemCard({ item }: { item: IconItem }) {
  return (
    <li className="icon-item">
      <span className="icon-badge">
        <Icon name={item.icon ?? 'check-circle'} />
      </span>
      <h3>{item.heading}</h3>
      <p>{item.text}</p>
    </li>
  );
}

/** A person's card: their photo (or what stands in for it), name, role and, if any, a few words about them. */
export function PersonCard({ photo, name, role, bio }: { photo: ReactNode; name: string; role: string; bio?: string | null }) {
  return (
    <li className="card person">
      {photo}
      <h3>{name}</h3>
      <p className="person-role">{role}</p>
      {bio ? <p>{bio}</p> : null}
    </li>
  );
}

/** A person as a page lists them, with their photo if it has one. */
export function PagePersonCard({ person }: { person: Person }) {
  return (
    <PersonCard
      photo={person.photo ? <Picture image={person.photo} className="person-photo" /> : null}
      name={person.name}
      role={person.role}
      bio={person.bio}
    />
  );
}
