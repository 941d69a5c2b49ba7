-- One person across forms. A phone number (E.164, as stored since migration 022) and an e-mail address (lower-case)
-- are keys of a person; a submission or job application links to the person its keys found when it arrived, or to a
-- new one. Staff may merge people: a merged person's merged_into names the person it joined, always one that is merged
-- into nobody, so a person and whoever joined it are one lookup. Separating them again clears merged_into.
create table people (
  id uuid primary key default gen_random_uuid(),
  merged_into uuid references people (id),
  merged_by uuid references users (id) on delete set null,
  merged_at timestamptz,
  created_at timestamptz not null default now()
);
create index people_merged_into on people (merged_into) where merged_into is not null;

-- 'tel:+919879011223' or 'mailto:priya@example.com'. A key names the first person it was seen with.
create table person_keys (
  key text primary key,
  person_id uuid not null references people (id)
);
create index person_keys_person on person_keys (person_id);

-- The person of a phone number (E.164) and e-mail address, made if neither is known; the phone wins when the two name
-- different people. Each call sees the people that calls before it in the same statement made, so two leads of one new
-- person in one batch are one person. Null for neither.
create function person_of(phone text, email text) returns uuid
language plpgsql set search_path from current as $$
-- (Statements share lines: the migration runner ends a statement at a semicolon that ends a line.)
declare
  found uuid; keys text[] := array_remove(array['tel:' || nullif(btrim(phone), ''), 'mailto:' || lower(nullif(btrim(email), ''))],
    null); begin
  if cardinality(keys) = 0 then return null; end if; select k.person_id into found from person_keys k
   where k.key = any(keys) order by k.key like 'tel:%' desc limit 1; if found is null then
    insert into people default values returning id into found; end if; insert into person_keys (key, person_id)
  select k, found from unnest(keys) k on conflict (key) do nothing; return found; end
$$;

alter table submissions add column person_id uuid references people (id);
-- A lead from a person who sent another within repeatDays (pages/lead-routing.json) names that one, and went to
-- whoever had it.
alter table submissions add column repeat_of uuid references submissions (id) on delete set null;
alter table job_applications add column person_id uuid references people (id);

-- What is stored already gets its people, by the fields the lead screens read a contact from.
update submissions s set person_id = person_of(keys.phone, keys.email)
  from (select id,
               coalesce(case when data->>'phone' ~ '^\+[1-9][0-9]{6,14}$' then data->>'phone' end,
                        case when data->>'contact' ~ '^\+[1-9][0-9]{6,14}$' then data->>'contact' end) as phone,
               case when data->>'email' ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then data->>'email' end as email
          from submissions) keys
 where s.id = keys.id;
update job_applications a set person_id = person_of(case when a.phone ~ '^\+[1-9][0-9]{6,14}$' then a.phone end, a.email);

create index submissions_person on submissions (person_id, created_at) where person_id is not null;
create index job_applications_person on job_applications (person_id, created_at) where person_id is not null;
