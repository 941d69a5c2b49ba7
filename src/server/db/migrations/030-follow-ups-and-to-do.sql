-- What to do today: a lead's next follow-up, set by whoever works it, and each person's morning digest.
alter table submissions add column follow_up_at timestamptz;

-- A person's To do list and its count in the navigation: their follow-ups by time, and their new leads (from which
-- the overdue ones come), oldest first. Both partial: a lead leaves them once worked.
create index submissions_follow_ups on submissions (assigned_to, follow_up_at) where follow_up_at is not null;
create index submissions_new_assigned on submissions (assigned_to, created_at) where status = 'new';

-- The morning digest: who turned theirs off, and the India day each was last sent, so a restart or a second process
-- never sends one twice.
create table lead_digests (
  user_id uuid primary key references users (id) on delete cascade,
  off boolean not null default false,
  sent_on date
);
