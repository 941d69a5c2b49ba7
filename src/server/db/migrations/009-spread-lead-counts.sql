-- Concurrent submissions no longer queue on one counting row. Every lead of a form, city and status added one to the
-- same lead_counts row, and on PostgreSQL each commit waited for the one before it to release that row. A
-- combination's count is now spread over 16 slot rows: a transaction counts in the slot of its transaction id, so
-- transactions running at the same time mostly touch different rows. A slot may hold a negative n (a lead counted
-- in one slot, removed in another): readers add a combination's slots up. Housekeeping folds the slots back into
-- slot 0 (sweepExpired), so the table stays a few rows per combination. Existing counts become slot 0.
alter table lead_counts add column slot smallint not null default 0;

drop index lead_counts_key;

create unique index lead_counts_key on lead_counts (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status, slot);

-- As in 007, but in this transaction's slot; and a set of fields already known is not written again (an index probe
-- rather than an attempted insert for every lead).
create or replace function lead_counts_track() returns trigger language plpgsql set search_path from current as $$
begin
  insert into lead_counts as t (form_id, collection, city, assigned_to, status, slot, n)
  select form_id, collection, city, assigned_to, status, (txid_current() % 16)::smallint, sum(n)
    from (values (old.form_id, old.collection, old.city, old.assigned_to, old.status, -1),
                 (new.form_id, new.collection, new.city, new.assigned_to, new.status, 1))
         v (form_id, collection, city, assigned_to, status, n)
   where v.form_id is not null
   group by 1, 2, 3, 4, 5 having sum(n) <> 0
   order by 1, 2, 3, 4, 5
  on conflict (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status, slot)
  do update set n = t.n + excluded.n; if new.form_id is not null and not exists (select 1 from lead_field_sets f
  where f.form_id = new.form_id and f.data_keys = new.data_keys) then insert into lead_field_sets (form_id, data_keys)
  values (new.form_id, new.data_keys) on conflict do nothing; end if; return null; end
$$;
