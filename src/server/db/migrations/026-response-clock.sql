-- The first-response clock: a lead promised a reply is due by respond_by and answered at answered_at, its first
-- response (a status moved on from New). clock_at is when the sweep next looks at it: the reminder to its assignee,
-- then the promise, when the admins are told; null once answered, told, or never promised. Leads stored before the
-- clock have none and never turn overdue.
alter table submissions
  add column respond_by timestamptz,
  add column answered_at timestamptz,
  add column reminded_at timestamptz,
  add column escalated_at timestamptz,
  add column clock_at timestamptz;

-- The sweep reads only the leads coming due. One index, partial, so a stored lead costs one entry and an answered one
-- none.
create index submissions_clock on submissions (clock_at) where clock_at is not null;
