-- Each submission's reference, HF-<year in India>-<number>, as the visitor's confirmation and acknowledgement quote it
-- and staff search for it. The number counts every submission, never reused; six digits at least.
create sequence submission_references;

create function submission_reference(at timestamptz, n bigint) returns text
language sql immutable as $$
  select 'HF-' || to_char(at at time zone 'Asia/Kolkata', 'YYYY') || '-' || lpad(n::text, greatest(6, length(n::text)), '0')
$$;

alter table submissions add column reference text;

-- Leads stored before get theirs in the order they came.
with numbered as (select id, created_at, row_number() over (order by created_at, id) as n from submissions)
update submissions s set reference = submission_reference(numbered.created_at, numbered.n)
  from numbered where s.id = numbered.id;

select setval('submission_references', (select count(*) + 1 from submissions), false);

alter table submissions
  alter column reference set default submission_reference(now(), nextval('submission_references')),
  alter column reference set not null;

create unique index submissions_reference on submissions (reference);
