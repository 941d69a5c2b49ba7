import type { PeopleBlock as PeopleProps } from '../../shared/generated/page-document';
import { Picture } from '../shared/picture';
import { Section } from '../shared/section';

export function PeopleBlock({ id, heading, intro, people }: PeopleProps) {
  return (
    <Section id={id} className="people" heading={heading} intro={intro}>
      <ul className="grid grid-3">
        {people.map((person) => (
          <li key={person.name} className="card person">
            {person.photo ? <Picture image={person.photo} className="person-photo" /> : null}
            <h3>{person.name}</h3>
            <p className="person-role">{person.role}</p>
            {person.bio ? <p>{person.bio}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
