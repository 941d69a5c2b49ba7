-- Stored and erased leads are counted once per statement, as lead_daily_counts are (migration 028): a batch of
-- submissions is one insert, so one upsert per combination it touched rather than a trigger call and an upsert per
-- lead. Routed leads made the per-lead way dearer: a batch now spreads over its assignees' combinations. Rows go in
-- the order lead_counts_track (migration 027) takes them, so a statement and a lead's update never deadlock.
-- The bodies keep their semicolons mid-line: the migration runner ends a statement at a semicolon that ends a line.
create function lead_counts_added() returns trigger language plpgsql set search_path from current as $$
begin
  insert into lead_counts as t (form_id, collection, city, assigned_to, status, source, slot, n)
  select form_id, collection, city, assigned_to, status, source, (txid_current() % 16)::smallint, count(*)
    from added group by 1, 2, 3, 4, 5, 6
   order by 1, 2, 3, 4, 5, 6
  on conflict (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status, coalesce(source, ''), slot)
  do update set n = t.n + excluded.n; insert into lead_field_sets (form_id, data_keys)
  select distinct a.form_id, a.data_keys from added a
   where not exists (select 1 from lead_field_sets f where f.form_id = a.form_id and f.data_keys = a.data_keys)
   order by 1, 2
  on conflict do nothing; return null; end
$$;

create function lead_counts_removed() returns trigger language plpgsql set search_path from current as $$
begin
  insert into lead_counts as t (form_id, collection, city, assigned_to, status, source, slot, n)
  select form_id, collection, city, assigned_to, status, source, (txid_current() % 16)::smallint, -count(*)
    from removed group by 1, 2, 3, 4, 5, 6
   order by 1, 2, 3, 4, 5, 6
  on conflict (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status, coalesce(source, ''), slot)
  do update set n = t.n + excluded.n; return null; end
$$;

drop trigger lead_counts_insert_delete on submissions;

create trigger lead_counts_insert after insert on submissions referencing new table as added
for each statement execute function lead_counts_added();

create trigger lead_counts_delete after delete on submissions referencing old table as removed
for each statement execute function lead_counts_removed();
