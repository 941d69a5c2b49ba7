-- A job's title and description in other languages ({"hi": {"title": ..., "description": ...}}): its page at
-- /hi/job-openings/<id> reads them. A search finds a job by its words in any of its languages.
alter table jobs add column translations jsonb not null default '{}'::jsonb;

drop index jobs_search;

alter table jobs drop column search_text;

alter table jobs add column search_text text generated always as (lower(title || E'\n' || company_name || E'\n' || location || E'\n' || description || E'\n' || jsonb_path_query_array(translations, '$.*.*')::text)) stored;

create index jobs_search on jobs using gin (search_text public.gin_trgm_ops) with (fastupdate = off);
