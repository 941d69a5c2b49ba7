-- Leads at a million rows, part two (part one is 005).
--
-- search_text is lower-cased once on write: `like` over it is about four times faster than `ilike` over mixed case
-- (which folds every row it reads), and `ilike` over it matches as before. Its trigram index skips the pending list
-- (fastupdate off), as PGlite never vacuums. data_keys names the fields a lead carries (its JSON keys, in jsonb's own
-- order), so the CSV export finds its columns without reading every lead's data. One statement, one table rewrite.
alter table submissions
  drop column search_text,
  add column search_text text generated always as (lower(jsonb_path_query_array(data, '$.*')::text)) stored,
  add column data_keys jsonb generated always as (jsonb_path_query_array(data, '$.keyvalue().key')) stored;

create index submissions_search on submissions using gin (search_text public.gin_trgm_ops) with (fastupdate = off);

-- How many leads each combination of form, collection, city, assignee and status holds, kept by a trigger in the
-- same transaction as the lead: the filter menus, the list's totals and the dashboard read these few thousand rows
-- instead of every lead. A combination that empties stays, with n = 0.
create table lead_counts (
  form_id text not null,
  collection text not null,
  city text,
  assigned_to uuid,
  status text not null,
  n bigint not null
);

create unique index lead_counts_key on lead_counts (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status);

insert into lead_counts (form_id, collection, city, assigned_to, status, n)
select form_id, collection, city, assigned_to, status, count(*) from submissions group by form_id, collection, city, assigned_to, status;

-- Each set of fields a form's leads have carried: the CSV export's candidate columns. Only ever added to (on conflict
-- do nothing takes no lock), so a set no lead carries any more stays; the export then reads a little further.
create table lead_field_sets (
  form_id text not null,
  data_keys jsonb not null,
  primary key (form_id, data_keys)
);

insert into lead_field_sets (form_id, data_keys) select distinct form_id, data_keys from submissions;

-- One counting statement for insert, update and delete: the old row's combination loses one, the new row's gains one
-- (OLD is null on insert, NEW on delete; a change of fields alone nets to nothing); rows go in key order, so two
-- changes crossing the same pair never deadlock.
-- The body keeps its semicolons mid-line: the migration runner ends a statement at a semicolon that ends a line.
create function lead_counts_track() returns trigger language plpgsql set search_path from current as $$
begin
  insert into lead_counts as t (form_id, collection, city, assigned_to, status, n)
  select form_id, collection, city, assigned_to, status, sum(n)
    from (values (old.form_id, old.collection, old.city, old.assigned_to, old.status, -1),
                 (new.form_id, new.collection, new.city, new.assigned_to, new.status, 1))
         v (form_id, collection, city, assigned_to, status, n)
   where v.form_id is not null
   group by 1, 2, 3, 4, 5 having sum(n) <> 0
   order by 1, 2, 3, 4, 5
  on conflict (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status)
  do update set n = t.n + excluded.n; insert into lead_field_sets (form_id, data_keys)
  select new.form_id, new.data_keys where new.form_id is not null on conflict do nothing; return null; end
$$;

create trigger lead_counts_insert_delete after insert or delete on submissions for each row execute function lead_counts_track();

create trigger lead_counts_update after update of form_id, collection, city, assigned_to, status, data on submissions for each row
when ((old.form_id, old.collection, old.city, old.assigned_to, old.status, old.data_keys)
      is distinct from (new.form_id, new.collection, new.city, new.assigned_to, new.status, new.data_keys))
execute function lead_counts_track();
