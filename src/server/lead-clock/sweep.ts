import type { Database, Queryable } from '../db/database';
import type { ResponseClock } from '../../shared/generated/lead-routing';
import { queueOutboxRows } from '../outbox/store';
import { clockMail, type ClockLead } from './clock-mail';
import { reassignLeads, type ReassignContext, type ReassignRow } from './reassign';

/** How many leads one sweep takes of each kind: the rest wait for the next, a minute later. */
const BATCH = 500;

interface DueRow {
  id: string;
  form_id: string;
  city: string | null;
  name: string | null;
  created_at: Date;
  respond_by: Date;
  assignee_email: string | null;
  team_lead_email: string | null;
}

export interface ClockContext extends ReassignContext {
  clock: ResponseClock;
  publicUrl: string;
  formTitle: (formId: string) => string;
}

const asLead = (row: DueRow, { publicUrl, formTitle }: ClockContext, screen: string): ClockLead => ({
  id: row.id,
  name: row.name,
  formTitle: formTitle(row.form_id),
  city: row.city,
  createdAt: row.created_at,
  respondBy: row.respond_by,
  link: `${publicUrl}${screen}?lead=${encodeURIComponent(row.id)}`,
});

/** Leads of `rows` by each address they go to, in order. */
function byRecipient(rows: DueRow[], recipients: (row: DueRow) => (string | null)[]): Map<string, DueRow[]> {
  const mails = new Map<string, DueRow[]>();
  for (const row of rows) for (const to of new Set(recipients(row))) if (to) mails.set(to, [...(mails.get(to) ?? []), row]);
  return mails;
}

const DUE_COLUMNS = `s.id, s.form_id, s.city, s.data->>'name' as name, s.created_at, s.respond_by,
       (select u.email from users u where u.id = s.assigned_to and u.active) as assignee_email,
       (select u.email from users u where u.username = s.routing->>'lead' and u.active) as team_lead_email`;

/**
 * The first-response clock, run every minute: unanswered leads whose reminder time has come remind their assignee,
 * those past their promise are told to the admins and their team's lead, and, where reassignAfterHours is set, those
 * still unanswered that long after they came in go once to someone else of their team, who is told; each lead once,
 * each recipient in one mail. The leads are taken (marked, their next time set) and their mail queued in one
 * transaction, so a lead is never told twice, nor marked without its mail, whichever process sweeps.
 */
export async function sweepResponseClock(
  db: Database,
  context: ClockContext,
): Promise<{ reminded: number; escalated: number; reassigned: number }> {
  const reassignHours = context.clock.reassignAfterHours ?? null;
  return db.transaction(async (tx) => {
    // A lead moves once: after its escalation its clock waits for its move, then stops.
    const due = await tx.query<DueRow & ReassignRow & { remind: boolean; escalate: boolean; reassign: boolean }>(
      `with due as (
         select id, reminded_at is null as remind, escalated_at is null and respond_by <= now() as escalate,
                $1::int is not null and reassigned_at is null
                  and greatest(respond_by, created_at + make_interval(hours => $1::int)) <= now() as reassign
           from submissions
          where clock_at <= now() order by clock_at limit ${BATCH} for update skip locked),
       taken as (
         update submissions s
            set reminded_at = coalesce(s.reminded_at, now()),
                escalated_at = case when due.escalate then now() else s.escalated_at end,
                reassigned_at = case when due.reassign then now() else s.reassigned_at end,
                clock_at = case
                  when not due.escalate and s.escalated_at is null then s.respond_by
                  when $1::int is null or due.reassign or s.reassigned_at is not null then null
                  else greatest(s.respond_by, s.created_at + make_interval(hours => $1::int)) end
           from due where s.id = due.id)
       select due.remind, due.escalate, due.reassign, s.collection, s.page, s.data, s.assigned_to, ${DUE_COLUMNS}
         from due join submissions s using (id) order by s.created_at, s.id`,
      [reassignHours],
    );
    const reminded = due.filter((row) => row.remind);
    for (const [to, rows] of byRecipient(reminded, (row) => [row.assignee_email]))
      await queue(
        tx,
        clockMail(
          context.clock.reminder,
          [to],
          rows.map((row) => asLead(row, context, '/bde-portal')),
        ),
      );

    const escalated = due.filter((row) => row.escalate);
    if (escalated.length) {
      const admins = (
        await tx.query<{ email: string }>(`select email from users where role = 'ADMIN' and active and email is not null order by email`)
      ).map((a) => a.email);
      for (const [to, rows] of byRecipient(escalated, (row) => [...admins, row.team_lead_email]))
        await queue(
          tx,
          clockMail(
            context.clock.escalation,
            [to],
            rows.map((row) => asLead(row, context, admins.includes(to) ? '/view-forms' : '/bde-portal')),
          ),
        );
    }

    const moving = due.filter((row) => row.reassign);
    const moved = moving.length ? await reassignLeads(tx, context, moving) : new Map<string, string>();
    const message = context.clock.reassigned;
    if (moved.size && message) {
      const emails = new Map(
        (
          await tx.query<{ id: string; email: string }>('select id, email from users where id = any($1::uuid[]) and email is not null', [
            [...new Set(moved.values())],
          ])
        ).map((u) => [u.id, u.email]),
      );
      for (const [to, rows] of byRecipient(
        moving.filter((row) => moved.has(row.id)),
        (row) => [emails.get(moved.get(row.id) ?? '') ?? null],
      ))
        await queue(
          tx,
          clockMail(
            message,
            [to],
            rows.map((row) => asLead(row, context, '/bde-portal')),
          ),
        );
    }
    return { reminded: reminded.length, escalated: escalated.length, reassigned: moved.size };
  });
}

const queue = (tx: Queryable, payload: ReturnType<typeof clockMail>) => queueOutboxRows(tx, null, [{ kind: 'email', payload }]);
