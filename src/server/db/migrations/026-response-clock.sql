-- The first-response clock: a lead promised a reply is due by respond_by; its assignee is reminded at remind_at and
-- the admins told at respond_by while it is unanswered. answered_at is its first response (a status moved on from New).
-- Leads stored before the clock have none: they never turn overdue.
alter table submissions
  add column respond_by timestamptz,
  add column remind_at timestamptz,
  add column answered_at timestamptz,
  add column reminded_at timestamptz,
  add column escalated_at timestamptz;

-- The clock's sweep reads only the leads coming due, through these.
create index submissions_reminders_due on submissions (remind_at) where answered_at is null and reminded_at is null;
create index submissions_escalations_due on submissions (respond_by) where answered_at is null and escalated_at is null;
