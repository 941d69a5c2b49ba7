import type { Queryable } from '../db/database';
import { endOfDay, indiaDateOf } from '../../shared/india-time';
import { LEAD_SELECT, toLead, type LeadRow, type RawLead } from './store';

/** How many leads each section of a To do list shows; the counts say how many there are in all. */
export const TO_DO_SHOWN = 50;

export type ToDoSection = 'overdue' | 'today' | 'fresh';

export interface ToDoLists {
  sections: Record<ToDoSection, LeadRow[]>;
  counts: Record<ToDoSection, number>;
}

/**
 * A person's open leads that ask for something ($1 the person, $2 the end of today in India): past their promised
 * first reply or their follow-up time (overdue), due by the end of today, or new. Read through the two partial
 * indexes of migration 030 (follow-ups by time, new leads), so a list costs what the person has to do, not what they
 * have ever had.
 */
const MINE = `
  mine as (
    select s.id, s.created_at,
           least(s.follow_up_at, case when s.status = 'new' and s.answered_at is null then s.respond_by end) as due
      from submissions s
     where s.assigned_to = $1 and s.status <> 'closed' and (s.status = 'new' or s.follow_up_at < $2)),
  sorted as (
    select id, created_at, due,
           case when due <= now() then 'overdue' when due < $2 then 'today' else 'fresh' end as section
      from mine)`;

async function countsOf(db: Queryable, userId: string, dayEnd: Date): Promise<Record<ToDoSection, number>> {
  const rows = await db.query<{ section: ToDoSection; n: number }>(
    `with ${MINE} select section, count(*)::int as n from sorted group by section`,
    [userId, dayEnd],
  );
  const counts = { overdue: 0, today: 0, fresh: 0 };
  for (const row of rows) counts[row.section] = row.n;
  return counts;
}

const dayEndOf = (now: Date) => endOfDay(indiaDateOf(now));

/** What the navigation counts: the person's leads overdue or due today. */
export async function toDoDue(db: Queryable, userId: string, now = new Date()): Promise<number> {
  const counts = await countsOf(db, userId, dayEndOf(now));
  return counts.overdue + counts.today;
}

/** A person's To do list: overdue first, then due today, then new, each soonest due first. */
export async function toDoOf(db: Queryable, userId: string, now = new Date()): Promise<ToDoLists> {
  const dayEnd = dayEndOf(now);
  const [counts, rows] = await Promise.all([
    countsOf(db, userId, dayEnd),
    db.query<RawLead & { section: ToDoSection }>(
      `with ${MINE},
         ranked as (
           select id, section, row_number() over (partition by section order by due nulls last, created_at, id) as place from sorted)
       select lead.*, r.section
         from ranked r cross join lateral (${LEAD_SELECT} where s.id = r.id) lead
        where r.place <= ${TO_DO_SHOWN}
        order by r.section, r.place`,
      [userId, dayEnd],
    ),
  ]);
  const sections: Record<ToDoSection, LeadRow[]> = { overdue: [], today: [], fresh: [] };
  for (const row of rows) sections[row.section].push(toLead(row));
  return { sections, counts };
}
