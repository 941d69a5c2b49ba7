-- The portal's other lists at scale (50,000 jobs, 200,000 applications, 100,000 complaints, 10,000 users, a million
-- submissions): each list's order and each of its filters has an index ending in the id that keyset paging compares,
-- and search reads a trigram index over one generated column per table instead of every row's text. As with
-- submissions (007), the search column is lower-cased once on write, so `like` needs no case folding per row, and its
-- trigram index skips the pending list (fastupdate off), as PGlite never vacuums.

-- Jobs: newest first (published, or written when never published); the public list and the status filter.
alter table jobs add column search_text text generated always as (lower(title || E'\n' || company_name || E'\n' || location || E'\n' || description)) stored;

create index jobs_search on jobs using gin (search_text public.gin_trgm_ops) with (fastupdate = off);

create index jobs_location on jobs using gin ((lower(location)) public.gin_trgm_ops) with (fastupdate = off);

drop index jobs_published;

create index jobs_posted on jobs ((coalesce(published_at, created_at)) desc, id desc);

create index jobs_status_posted on jobs (status, (coalesce(published_at, created_at)) desc, id desc);

-- A job's applicants newest first, from its own entries only.
create index job_applications_job on job_applications (job_id, created_at desc, id desc);

-- How many applied to each job, kept by a trigger in the same transaction as the application: every row of the jobs
-- list shows it without counting anyone's applications. The function keeps its semicolons mid-line: the migration
-- runner ends a statement at a semicolon that ends a line.
alter table jobs add column applicant_count integer not null default 0;

update jobs j set applicant_count = a.n from (select job_id, count(*) as n from job_applications group by job_id) a where a.job_id = j.id;

create function job_applicant_count() returns trigger language plpgsql set search_path from current as $$
begin
  update jobs set applicant_count = applicant_count + case when tg_op = 'INSERT' then 1 else -1 end
   where id = case when tg_op = 'INSERT' then new.job_id else old.job_id end; return null; end
$$;

create trigger job_applicant_count after insert or delete on job_applications for each row execute function job_applicant_count();

-- Users: active first, then role and username; by role; search over username, name and email.
alter table users add column search_text text generated always as (lower(username || E'\n' || coalesce(full_name, '') || E'\n' || coalesce(email, ''))) stored;

create index users_search on users using gin (search_text public.gin_trgm_ops) with (fastupdate = off);

create index users_listed on users ((not active), role, username, id);

create index users_role_listed on users (role, (not active), username, id);

-- The last login the users list shows is the newest session of each user.
create index sessions_user_created on sessions (user_id, created_at desc);

drop index sessions_user;

-- Complaints: newest first, by status, search over subject and message.
alter table complaints add column search_text text generated always as (lower(subject || E'\n' || message)) stored;

create index complaints_search on complaints using gin (search_text public.gin_trgm_ops) with (fastupdate = off);

create index complaints_created on complaints (created_at desc, id desc);

create index complaints_status_created on complaints (status, created_at desc, id desc);

-- How many complaints stand at each status, kept by a trigger in the same transaction as the complaint: the status
-- menu and the list's total read these three rows instead of every complaint.
create table complaint_counts (
  status text primary key,
  n bigint not null
);

insert into complaint_counts (status, n) select status, count(*) from complaints group by status;

create function complaint_counts_track() returns trigger language plpgsql set search_path from current as $$
begin
  insert into complaint_counts as t (status, n)
  select * from (values (old.status, -1), (new.status, 1)) v (status, n) where v.status is not null order by 1
  on conflict (status) do update set n = t.n + excluded.n; return null; end
$$;

create trigger complaint_counts_insert_delete after insert or delete on complaints for each row execute function complaint_counts_track();

create trigger complaint_counts_update after update of status on complaints for each row
when (old.status is distinct from new.status) execute function complaint_counts_track();

-- Blog posts: the public list (published, newest first) and the admin's (drafts first, then last changed).
create index blog_posts_published on blog_posts (published_at desc, id desc) where published_at is not null;

create index blog_posts_admin on blog_posts ((published_at is null) desc, (coalesce(updated_at, created_at)) desc, id desc);

-- Candidates (src/server/candidates/store.ts: the same condition, word for word, so the planner matches it).
create index submissions_candidates on submissions (created_at desc, id desc)
  where collection in ('Registrations', 'ChennaiRegistrations') or (collection = 'LeadForms' and data->>'type' = 'student');

create index submissions_candidates_city on submissions (city, created_at desc, id desc)
  where collection in ('Registrations', 'ChennaiRegistrations') or (collection = 'LeadForms' and data->>'type' = 'student');

-- Recruiter requests by status (a collection's submissions of one status, newest first).
create index submissions_collection_status_created on submissions (collection, status, created_at desc, id desc);

-- The resume of each listed candidate.
create index if not exists uploads_submission on uploads (submission_id) where submission_id is not null;
