-- Lists at a million rows: every filter of the leads inbox has an index in the list's own order (newest first, id
-- as the tie-break that keyset paging needs), and search reads a trigram index instead of casting every row's JSON.

-- pg_trgm is a trusted extension: the database owner may create it. Kept in public so each schema's indexes share it.
create extension if not exists pg_trgm with schema public;

-- The values a visitor typed (not the JSON keys), one text the search matches with ilike.
alter table submissions add column search_text text generated always as (jsonb_path_query_array(data, '$.*')::text) stored;

create index submissions_search on submissions using gin (search_text public.gin_trgm_ops);

drop index submissions_form_created;

drop index submissions_collection_created;

drop index submissions_assigned;

drop index submissions_city;

create index submissions_created on submissions (created_at desc, id desc);

create index submissions_form_created on submissions (form_id, created_at desc, id desc);

create index submissions_collection_created on submissions (collection, created_at desc, id desc);

create index submissions_status_created on submissions (status, created_at desc, id desc);

create index submissions_assigned_created on submissions (assigned_to, created_at desc, id desc);

create index submissions_city_created on submissions (lower(city), created_at desc, id desc);
