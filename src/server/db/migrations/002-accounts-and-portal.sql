-- Staff accounts and their sessions, and what the portal works on: complaints, notes, jobs, blogs, the team.
create table users (
  id uuid primary key default gen_random_uuid(),
  username text not null unique check (username ~ '^[a-z0-9._-]{3,40}$'),
  full_name text,
  email text,
  password_hash text not null,
  -- ADMIN, BDE, FBDE, RECRUITER, HIRING_MANAGER; new roles need no migration.
  role text not null check (role ~ '^[A-Z][A-Z_]{1,30}$'),
  -- The franchise city of an FBDE, whose leads they see.
  city text,
  hiring_for text,
  hm_type text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create index sessions_user on sessions (user_id);

alter table submissions add column assigned_to uuid references users (id);

alter table submissions add column updated_at timestamptz;

create index submissions_assigned on submissions (assigned_to);

create index submissions_city on submissions (city);

create table submission_notes (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references submissions (id),
  author_id uuid not null references users (id),
  body text not null,
  created_at timestamptz not null default now()
);

create table complaints (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  subject text not null,
  message text not null,
  attachment_upload_id uuid references uploads (id),
  status text not null default 'open' check (status in ('open', 'in-progress', 'resolved')),
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

create table jobs (
  id uuid primary key default gen_random_uuid(),
  job_request_id uuid references submissions (id),
  title text not null,
  description text not null,
  company_name text not null,
  location text not null,
  employment_type text not null,
  openings integer not null default 1,
  experience text,
  salary_min integer,
  salary_max integer,
  valid_through date,
  status text not null default 'draft' check (status in ('draft', 'published', 'closed')),
  published_at timestamptz,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

create index jobs_published on jobs (status, published_at desc);

create table job_applications (
  id uuid primary key default gen_random_uuid(),
  job_id uuid not null references jobs (id),
  name text not null,
  email text not null,
  phone text not null,
  resume_upload_id uuid references uploads (id),
  created_at timestamptz not null default now()
);

create table blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null,
  summary text,
  markdown text not null,
  cover_upload_id uuid references uploads (id),
  author_id uuid references users (id),
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

create table team_members (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  role text not null,
  bio text,
  avatar_upload_id uuid references uploads (id),
  sort_order integer not null default 0,
  visible boolean not null default true,
  created_at timestamptz not null default now()
);

-- Who did what in the portal, for the dashboard's recent activity.
create table activity (
  id bigserial primary key,
  actor_id uuid references users (id),
  action text not null,
  subject_type text not null,
  subject_id text not null,
  detail jsonb,
  created_at timestamptz not null default now()
);

alter table uploads drop constraint uploads_kind_check;

alter table uploads add constraint uploads_kind_check check (kind in ('resume', 'complaint-image', 'avatar', 'blog-cover'))
