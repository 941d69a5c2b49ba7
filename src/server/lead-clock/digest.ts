import type { Database, Queryable } from '../db/database';
import type { MorningDigest } from '../../shared/generated/lead-routing';
import { BDE_ROLES } from '../../shared/roles';
import { indiaDateOf, indiaTimeOfDay } from '../../shared/india-time';
import { queueOutboxRows } from '../outbox/store';
import { toDoOf, type ToDoSection } from '../leads/to-do-store';
import type { LeadRow } from '../leads/store';
import { digestMail, type DigestSection } from './digest-mail';

/** How many people one sweep mails: the rest get theirs a minute later. */
const PEOPLE_PER_SWEEP = 50;

const TITLES: Record<ToDoSection, string> = { overdue: 'Overdue', today: 'Due today', fresh: 'New' };

export interface DigestContext {
  digest: MorningDigest;
  publicUrl: string;
  formTitle: (formId: string) => string;
}

/** The earliest of a lead's unanswered reply and its follow-up: what the digest says it is due. */
function dueOf(lead: LeadRow): string | null {
  const times = [lead.answeredAt ? null : lead.respondBy, lead.followUpAt].filter((t): t is string => t !== null);
  return times.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
}

/**
 * The morning digest, run with the clock every minute: from the configured time (India's), each active BDE and FBDE
 * who is not away and has not turned it off gets one mail a day listing their To do list, if it lists anything. A
 * person's day is claimed (lead_digests.sent_on) in the transaction that queues their mail, so whichever process
 * sweeps, and however often, nobody gets two.
 */
export async function sendDigests(db: Database, context: DigestContext, now = new Date()): Promise<number> {
  if (indiaTimeOfDay(now) < context.digest.time) return 0;
  const today = indiaDateOf(now);
  const people = await db.query<{ id: string; email: string }>(
    `select u.id, u.email from users u left join lead_digests d on d.user_id = u.id
      where u.active and u.role = any($1::text[]) and u.email is not null
        and (u.away_until is null or u.away_until <= $3)
        and not coalesce(d.off, false) and (d.sent_on is null or d.sent_on < $2::date)
      order by u.username limit ${PEOPLE_PER_SWEEP}`,
    [BDE_ROLES, today, now],
  );
  let sent = 0;
  for (const person of people) {
    const mailed = await db.transaction(async (tx) => {
      const [claimed] = await tx.query(
        `insert into lead_digests as d (user_id, sent_on) values ($1, $2::date)
         on conflict (user_id) do update set sent_on = excluded.sent_on
          where not d.off and (d.sent_on is null or d.sent_on < excluded.sent_on)
         returning user_id`,
        [person.id, today],
      );
      if (!claimed) return false;
      const { sections, counts } = await toDoOf(tx, person.id, now);
      if (!counts.overdue && !counts.today && !counts.fresh) return false;
      const listed: DigestSection[] = (['overdue', 'today', 'fresh'] as const).map((key) => ({
        title: TITLES[key],
        count: counts[key],
        leads: sections[key].map((lead) => ({
          name: typeof lead.data.name === 'string' ? lead.data.name : null,
          formTitle: context.formTitle(lead.formId),
          city: lead.city,
          due: dueOf(lead),
          link: `${context.publicUrl}/bde-portal?lead=${encodeURIComponent(lead.id)}`,
        })),
      }));
      const payload = digestMail(context.digest, person.email, listed, `${context.publicUrl}/bde-portal`);
      await queueOutboxRows(tx, null, [{ kind: 'email', payload }]);
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}

/** Whether the person gets the morning digest (everyone does until they turn it off). */
export async function digestIsOn(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ off: boolean }>('select off from lead_digests where user_id = $1', [userId]);
  return !row?.off;
}

export async function setDigest(db: Queryable, userId: string, on: boolean): Promise<void> {
  await db.query(`insert into lead_digests (user_id, off) values ($1, $2) on conflict (user_id) do update set off = excluded.off`, [
    userId,
    !on,
  ]);
}
