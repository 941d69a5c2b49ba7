-- A person's To do read in the order it is shown: one index by assignee and due time, so each section is a range of
-- it and its first fifty rows are the index's first fifty, whatever the person has ever had. A lead is due at its
-- follow-up or, while new and unanswered, at its promised first reply, whichever comes first; never when neither is
-- set ('infinity', so those come last, oldest first). The index carries every column the due time is made of, so
-- the counts read it alone (PostgreSQL takes an expression from an index only when it could also compute it there).
create function to_do_due(status text, follow_up_at timestamptz, answered_at timestamptz, respond_by timestamptz)
returns timestamptz
language sql immutable parallel safe as $$
  select coalesce(least(follow_up_at, case when status = 'new' and answered_at is null then respond_by end), 'infinity')
$$;

create index submissions_to_do on submissions (assigned_to, to_do_due(status, follow_up_at, answered_at, respond_by), created_at, id)
  include (status, follow_up_at, answered_at, respond_by)
  where status <> 'closed' and (status = 'new' or follow_up_at is not null);

-- Migration 030's two indexes served only the To do list, which reads this one now.
drop index submissions_follow_ups;
drop index submissions_new_assigned;
