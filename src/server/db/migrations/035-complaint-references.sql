-- Each complaint's reference, CMP-<year in India>-<number>, as the sender's confirmation and "My complaints" quote it
-- and admins search for it. The number counts every complaint, never reused; six digits at least.
create sequence complaint_references;

create function complaint_reference(at timestamptz, n bigint) returns text
language sql immutable as $$
  select 'CMP-' || to_char(at at time zone 'Asia/Kolkata', 'YYYY') || '-' || lpad(n::text, greatest(6, length(n::text)), '0')
$$;

alter table complaints add column reference text;

-- Complaints filed before get theirs in the order they came.
with numbered as (select id, created_at, row_number() over (order by created_at, id) as n from complaints)
update complaints c set reference = complaint_reference(numbered.created_at, numbered.n)
  from numbered where c.id = numbered.id;

select setval('complaint_references', (select count(*) + 1 from complaints), false);

alter table complaints
  alter column reference set default complaint_reference(now(), nextval('complaint_references')),
  alter column reference set not null;

create unique index complaints_reference on complaints (reference);

-- A sender's own complaints, newest first ("My complaints").
create index complaints_user_created on complaints (user_id, created_at desc, id desc);
