import { useEffect, useState } from 'react';
import type { TeamMembersBlock as TeamMembersProps } from '../../shared/generated/page-document';
import { Picture } from '../shared/picture';
import { Section } from '../shared/section';

/** What GET /api/team answers for each visible member, in the admins' order. */
interface PublicMember {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  avatarUrl: string | null;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

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
    <Section id={id} className="people" heading={heading} intro={intro}>
      <ul className="grid grid-3">
        {managed
          ? managed.map((member) => (
              <li key={member.id} className="card person">
                {member.avatarUrl ? (
                  <img
                    src={member.avatarUrl}
                    alt={`Portrait of ${member.name}, ${member.role}`}
                    className="person-photo"
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="person-photo person-initials" aria-hidden="true">
                    {initials(member.name)}
                  </span>
                )}
                <h3>{member.name}</h3>
                <p className="person-role">{member.role}</p>
                {member.bio ? <p>{member.bio}</p> : null}
              </li>
            ))
          : people.map((person) => (
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
