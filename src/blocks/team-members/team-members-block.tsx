import type { TeamMembersBlock as TeamMembersProps } from '../../shared/generated/page-document';
import type { PublicTeamMember } from '../../shared/api/team';
import { CardGridSection, PagePersonCard, PersonCard } from '../shared/card-grid';
import { initials } from '../../shared/initials';

/**
 * The team admins keep at /admin/team: the server puts the visible members in the block (`members`) when it serves
 * the page, so the HTML already shows them and the block ships no script. The page's own people show while the team
 * is still empty.
 */
export function TeamMembersBlock({ id, heading, intro, people, members }: TeamMembersProps & { members?: PublicTeamMember[] }) {
  const managed = members?.length ? members : null;
  return (
    <CardGridSection id={id} className="people" heading={heading} intro={intro}>
      {managed
        ? managed.map((member) => (
            <PersonCard
              key={member.id}
              photo={
                member.avatarUrl ? (
                  <img
                    src={member.avatarUrl}
                    alt={`Portrait of ${member.name}, ${member.role}`}
                    className="person-photo"
                    // The card shows every photo at 120 px square (.person-photo), whatever its own size.
                    width={120}
                    height={120}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="person-photo person-initials" aria-hidden="true">
                    {initials(member.name)}
                  </span>
                )
              }
              name={member.name}
              role={member.role}
              bio={member.bio}
            />
          ))
        : people.map((person) => <PagePersonCard key={person.name} person={person} />)}
    </CardGridSection>
  );
}
