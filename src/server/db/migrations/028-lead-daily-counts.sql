-- Leads per India day (Asia/Kolkata) by form, city and source, kept by triggers in the same transaction as the
-- leads: the dashboard's charts of the last 90 days add up these rows rather than read every lead of the 90 days.
-- As in lead_counts (migration 009), a combination is spread over 16 slot rows by transaction id, so submissions
-- stored at the same time by several processes rarely wait on one row; housekeeping folds them back into slot 0.
create table lead_daily_counts (
  day date not null,
  form_id text not null,
  city text,
  source text,
  slot smallint not null default 0,
  n integer not null
);

create unique index lead_daily_counts_key on lead_daily_counts (day, form_id, coalesce(city, ''), coalesce(source, ''), slot);

insert into lead_daily_counts (day, form_id, city, source, slot, n)
select (created_at at time zone 'Asia/Kolkata')::date, form_id, city, source, 0, count(*) from submissions group by 1, 2, 3, 4;

-- Stored and erased leads are counted once per statement (a batch of submissions is one insert, an erasure 500 leads
-- at a time), from the statement's transition table: one upsert per combination the statement touched rather than
-- one per lead. Rows go in key order, so two statements counting the same combinations never deadlock.
-- The bodies keep their semicolons mid-line: the migration runner ends a statement at a semicolon that ends a line.
create function lead_daily_counts_added() returns trigger language plpgsql set search_path from current as $$
begin
  insert into lead_daily_counts as t (day, form_id, city, source, slot, n)
  select (created_at at time zone 'Asia/Kolkata')::date, form_id, city, source, (txid_current() % 16)::smallint, count(*)
    from added group by 1, 2, 3, 4
   order by 1, 2, coalesce(city, ''), coalesce(source, '')
  on conflict (day, form_id, coalesce(city, ''), coalesce(source, ''), slot) do update set n = t.n + excluded.n; return null; end
$$;

create function lead_daily_counts_removed() returns trigger language plpgsql set search_path from current as $$
begin
  insert into lead_daily_counts as t (day, form_id, city, source, slot, n)
  select (created_at at time zone 'Asia/Kolkata')::date, form_id, city, source, (txid_current() % 16)::smallint, -count(*)
    from removed group by 1, 2, 3, 4
   order by 1, 2, coalesce(city, ''), coalesce(source, '')
  on conflict (day, form_id, coalesce(city, ''), coalesce(source, ''), slot) do update set n = t.n + excluded.n; return null; end
$$;

-- A lead whose city, source or form is changed moves from one combination to another: one lead at a time, from the
-- lead's screen, so a row trigger that fires only when one of them changes.
create function lead_daily_counts_moved() returns trigger language plpgsql set search_path from current as $$
begin
  insert into lead_daily_counts as t (day, form_id, city, source, slot, n)
  select day, form_id, city, source, (txid_current() % 16)::smallint, sum(n)
    from (values ((old.created_at at time zone 'Asia/Kolkata')::date, old.form_id, old.city, old.source, -1),
                 ((new.created_at at time zone 'Asia/Kolkata')::date, new.form_id, new.city, new.source, 1))
         v (day, form_id, city, source, n)
   group by 1, 2, 3, 4 having sum(n) <> 0
   order by 1, 2, coalesce(city, ''), coalesce(source, '')
  on conflict (day, form_id, coalesce(city, ''), coalesce(source, ''), slot) do update set n = t.n + excluded.n; return null; end
$$;

create trigger lead_daily_counts_insert after insert on submissions referencing new table as added
for each statement execute function lead_daily_counts_added();

create trigger lead_daily_counts_delete after delete on submissions referencing old table as removed
for each statement execute function lead_daily_counts_removed();

create trigger lead_daily_counts_update after update of created_at, form_id, city, source on submissions for each row
when ((old.created_at, old.form_id, old.city, old.source) is distinct from (new.created_at, new.form_id, new.city, new.source))
execute function lead_daily_counts_moved();

-- First replies of the last 90 days (the dashboard's percentiles by city and assignee, and the promise kept) are read
-- from this index alone: the leads promised a reply, by arrival, with what the figures need. Without it, a million
-- leads meant reading some 120,000 whole rows of the 90 days (0.75 s on PostgreSQL); through it, their index entries.
create index submissions_first_reply on submissions (created_at) include (city, assigned_to, respond_by, answered_at)
where respond_by is not null;

-- The dashboard's Overdue tile counts the unanswered leads past their promise. Read through the status index, that
-- meant every New lead's row (a million leads with half of them New: 1 to 1.6 s on PostgreSQL); this index holds the
-- New, unanswered leads by when they are due, so the count reads only the overdue ones' entries.
create index submissions_unanswered on submissions (respond_by) where status = 'new' and answered_at is null;
