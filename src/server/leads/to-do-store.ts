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

/** When a lead is due (migration 036): the expression its index is built on, so each section is a range of it. */
const DUE = `to_do_due(s.status, s.follow_up_at, s.answered_at, s.respond_by)`;

/**
 * A person's open leads that ask for something ($1 the person): new ones, and others with a follow-up. The predicate
 * of the index submissions_to_do, word for word, so the planner reads that index.
 */
const MINE = `s.assigned_to = $1 and s.status <> 'closed' and (s.status = 'new' or s.follow_up_at is not null)`;

/** Each section as a condition on the due time ($2 the end of today in India): past it, by the end of today, or new. */
const SECTIONS: Record<ToDoSection, string> = {
  overdue: `${DUE} <= now()`,
  today: `${DUE} > now() and ${DUE} < $2`,
  fresh: `${DUE} >= $2 and s.status = 'new'`,
};

const dayEndOf = (now: Date) => endOfDay(indiaDateOf(now));

/** What the navigation counts: the person's leads overdue or due today. */
export async function toDoDue(db: Queryable, userId: string, now = new Date()): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from submissions s where ${MINE} and ${DUE} < $2`, [
    userId,
    dayEndOf(now),
  ]);
  return row?.n ?? 0;
}

/** A person's To do list: overdue first, then due today, then new, each soonest due first. */
export async function toDoOf(db: Queryable, userId: string, now = new Date()): Promise<ToDoLists> {
  const params = [userId, dayEndOf(now)];
  const sections = Object.keys(SECTIONS) as ToDoSection[];
  const [[counts], rows] = await Promise.all([
    db.query<Record<ToDoSection, number>>(
      `select ${sections.map((section) => `count(*) filter (where ${SECTIONS[section]})::int as ${section}`).join(', ')}
         from submissions s where ${MINE}`,
      params,
    ),
    db.query<RawLead & { section: ToDoSection }>(
      `select * from (${sections
        .map(
          (section, rank) => `(select lead.*, '${section}' as section, ${rank} as rank, shown.due
              from (select s.id, ${DUE} as due from submissions s where ${MINE} and ${SECTIONS[section]}
                     order by ${DUE}, s.created_at, s.id limit ${TO_DO_SHOWN}) shown
              cross join lateral (${LEAD_SELECT} where s.id = shown.id) lead)`,
        )
        .join(' union all ')}) listed order by rank, due, created_at, id`,
      params,
    ),
  ]);
  const lists: Record<ToDoSection, LeadRow[]> = { overdue: [], today: [], fresh: [] };
  for (const row of rows) lists[row.section].push(toLead(row));
  return { sections: lists, counts: counts ?? { overdue: 0, today: 0, fresh: 0 } };
}
