import type { Queryable } from '../db/database';
import { iso } from '../db/sql-values';
import type { LeadEvent, Person } from '../../shared/api/leads';
import type { LeadStatus } from '../../shared/lead-statuses';
import type { ContactChannel, ContactOutcome } from '../../shared/lead-contacts';

type PersonColumns<P extends string> = { [K in `${P}_id` | `${P}_username` | `${P}_full_name`]: string | null };

const personOf = <P extends string>(row: PersonColumns<P>, prefix: P): Person | null => {
  const id = row[`${prefix}_id`];
  return id ? { id, username: row[`${prefix}_username`] ?? '', fullName: row[`${prefix}_full_name`] } : null;
};

const personColumns = (alias: string) =>
  `${alias}.id as ${alias}_id, ${alias}.username as ${alias}_username, ${alias}.full_name as ${alias}_full_name`;

type Routing = { rule?: string; team?: string; to?: string; repeatOf?: string; unavailable?: string[] } | null;

/**
 * How the lead was routed on arrival, then each change of its assignee, status, next follow-up or offline source, each
 * contact logged, and each merge of its person with another or separation, oldest first.
 */
export async function historyOf(db: Queryable, leadId: string): Promise<LeadEvent[]> {
  const [arrival] = await db.query<{ created_at: Date; routing: Routing } & PersonColumns<'assignee'>>(
    `select s.created_at, s.routing, ${personColumns('assignee')}
       from submissions s left join users assignee on assignee.id::text = s.routing->>'to' where s.id = $1`,
    [leadId],
  );
  const changes = await db.query<
    { action: string; detail: Record<string, unknown>; created_at: Date; other_reference: string | null } & PersonColumns<'actor'> &
      PersonColumns<'old_user'> &
      PersonColumns<'new_user'>
  >(
    `select a.action, a.detail, a.created_at, other.reference as other_reference,
            ${personColumns('actor')}, ${personColumns('old_user')}, ${personColumns('new_user')}
       from activity a
       left join users actor on actor.id = a.actor_id
       left join users old_user on a.action = 'lead.assign' and old_user.id::text = a.detail->>'from'
       left join users new_user on a.action = 'lead.assign' and new_user.id::text = a.detail->>'to'
       left join submissions other on a.action = 'person.merge' and other.id::text = a.detail->>'with'
      where a.subject_type = 'submission' and a.subject_id = $1
        and a.action in ('lead.assign', 'lead.status', 'lead.contact', 'lead.follow-up', 'lead.source', 'person.merge', 'person.separate')
      order by a.id`,
    [leadId],
  );
  const events: LeadEvent[] = [];
  const routing = arrival?.routing;
  if (arrival && routing) {
    const at = iso(arrival.created_at);
    const to = personOf(arrival, 'assignee');
    if (to && routing.repeatOf) events.push({ kind: 'repeat', at, to, of: routing.repeatOf });
    else if (to && routing.rule && routing.team) events.push({ kind: 'routed', at, to, rule: routing.rule, team: routing.team });
    else if (routing.unavailable) events.push({ kind: 'unavailable', at, teams: routing.unavailable });
    else if (routing.rule) events.push({ kind: 'kept', at, rule: routing.rule });
  }
  for (const change of changes) {
    const at = iso(change.created_at);
    const by = personOf(change, 'actor');
    const { detail } = change;
    if (change.action === 'lead.assign')
      events.push({
        kind: 'assigned',
        at,
        by,
        from: personOf(change, 'old_user'),
        to: personOf(change, 'new_user'),
        ...(detail.reason === 'unanswered' ? { unanswered: true } : {}),
      });
    else if (change.action === 'lead.contact')
      events.push({
        kind: 'contacted',
        at,
        by,
        channel: detail.channel as ContactChannel,
        outcome: detail.outcome as ContactOutcome,
        note: (detail.note as string | null) ?? null,
      });
    else if (change.action === 'person.merge') events.push({ kind: 'merged', at, by, with: change.other_reference });
    else if (change.action === 'person.separate') events.push({ kind: 'separated', at, by });
    else if (change.action === 'lead.follow-up') events.push({ kind: 'follow-up', at, by, due: (detail.due as string | null) ?? null });
    else if (change.action === 'lead.source')
      events.push({
        kind: 'source',
        at,
        by,
        from: (detail.from as string | null) ?? null,
        to: (detail.to as string | null) ?? null,
      });
    else events.push({ kind: 'status', at, by, from: detail.from as LeadStatus, to: detail.to as LeadStatus });
  }
  return events;
}
