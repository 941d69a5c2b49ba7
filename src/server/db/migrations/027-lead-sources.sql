-- Where each lead came from. attribution is what the visitor's browser kept of its first and latest visits from a
-- campaign or another site ({ first, last }: utm_source, utm_medium, utm_campaign, utm_term, utm_content, the click
-- ids present, referrer host, landing page, first-seen time), null when it sent none. source is the lead's source in
-- one word for filters, facets, charts and the CSV: what staff set for a lead that came offline (walk-in, job fair,
-- referral, phone), else the first visit's utm_source, else the host of the site that sent it, else direct. Leads
-- stored before have neither.
alter table submissions
  add column attribution jsonb,
  add column source text;

-- The list filtered by source, newest first, as every other filter of migration 005.
create index submissions_source_created on submissions (source, created_at desc, id desc);

-- A lead's notes are read with the lead (its page, the CSV export's notes column): by the lead, oldest first.
create index submission_notes_lead on submission_notes (submission_id, created_at, id);

-- lead_counts counts by source too, so the list's total under a source filter stays exact and the source menu is read
-- from these few rows. Sources are few (a handful of offline ones, the campaigns' utm_source, the sites that link).
alter table lead_counts add column source text;

drop index lead_counts_key;

create unique index lead_counts_key on lead_counts (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status, coalesce(source, ''), slot);

-- As in 009, with the source.
create or replace function lead_counts_track() returns trigger language plpgsql set search_path from current as $$
begin
  insert into lead_counts as t (form_id, collection, city, assigned_to, status, source, slot, n)
  select form_id, collection, city, assigned_to, status, source, (txid_current() % 16)::smallint, sum(n)
    from (values (old.form_id, old.collection, old.city, old.assigned_to, old.status, old.source, -1),
                 (new.form_id, new.collection, new.city, new.assigned_to, new.status, new.source, 1))
         v (form_id, collection, city, assigned_to, status, source, n)
   where v.form_id is not null
   group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0
   order by 1, 2, 3, 4, 5, 6
  on conflict (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status, coalesce(source, ''), slot)
  do update set n = t.n + excluded.n; if new.form_id is not null and not exists (select 1 from lead_field_sets f
  where f.form_id = new.form_id and f.data_keys = new.data_keys) then insert into lead_field_sets (form_id, data_keys)
  values (new.form_id, new.data_keys) on conflict do nothing; end if; return null; end
$$;

drop trigger lead_counts_update on submissions;

create trigger lead_counts_update after update of form_id, collection, city, assigned_to, status, source, data on submissions for each row
when ((old.form_id, old.collection, old.city, old.assigned_to, old.status, old.source, old.data_keys)
      is distinct from (new.form_id, new.collection, new.city, new.assigned_to, new.status, new.source, new.data_keys))
execute function lead_counts_track();
