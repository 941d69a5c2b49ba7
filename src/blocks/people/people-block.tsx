import type { PeopleBlock as PeopleProps } from '../../shared/generated/page-document';
import { CardGridSection, PersonCard } from '../shared/card-grid';
import { Picture } from '../shared/picture';

export function PeopleBlock({ id, heading, intro, people }: PeopleProps) {
  return (
    <CardGridSection id={id} className="people" heading={heading} intro={intro}>
      {people.map((person) => (
        <PersonCard
          key={person.name}
          photo={person.photo ? <Picture image={person.photo} className="person-photo" /> : null}
          name={person.name}
          role={person.role}
          bio={person.bio}
        />
      ))}
    </CardGridSection>
  );
}
