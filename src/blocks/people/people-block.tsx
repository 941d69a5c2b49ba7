import type { PeopleBlock as PeopleProps } from '../../shared/generated/page-document';
import { CardGridSection, PagePersonCard } from '../shared/card-grid';

export function PeopleBlock({ id, heading, intro, people }: PeopleProps) {
  return (
    <CardGridSection id={id} className="people" heading={heading} intro={intro}>
      {people.map((person) => (
        <PagePersonCard key={person.name} person={person} />
      ))}
    </CardGridSection>
  );
}
