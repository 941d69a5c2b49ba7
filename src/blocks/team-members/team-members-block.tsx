import { useEffect, useState } from 'react';
import type { TeamMembersBlock as TeamMembersProps } from '../../shared/generated/page-document';
import { CardGridSection, PagePersonCard, PersonCard } from '../shared/card-grid';
import { initials } from '../../shared/initials';

/** What GET /api/team answers for each visible member, in the admins' order. */
interface PublicMember {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  avatarUrl: string | null;
}

/**
 * The team admins keep at /admin/team. The page's own people are prerendered (and stay, should the API be out of
 * reach or the team still empty); once the browser has the managed team, it takes their place.
 */
export function TeamMembersBlock({ id, heading, intro, people }: TeamMembersProps) {
  const [managed, setManaged] = useState<PublicMember[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/team', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ members?: PublicMember[] }>) : undefined))
      .then((body) => {
        if (body?.members?.length) setManaged(body.members);
      })
      .catch(() => undefined); // the prerendered people stay
    return () => controller.abort();
  }, []);
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
