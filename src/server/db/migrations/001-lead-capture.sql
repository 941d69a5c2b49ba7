-- Form submissions, the files they carry, and the mail and forwards they owe.
create table submissions (
  id uuid primary key default gen_random_uuid(),
  form_id text not null,
  collection text not null,
  page text not null,
  city text,
  data jsonb not null,
  consent jsonb,
  status text not null default 'new' check (status in ('new', 'contacted', 'converted', 'closed')),
  client_ip text,
  created_at timestamptz not null default now()
);

create index submissions_form_created on submissions (form_id, created_at desc);

create index submissions_collection_created on submissions (collection, created_at desc);

create table uploads (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('resume', 'complaint-image')),
  original_name text not null,
  media_type text not null,
  size_bytes integer not null,
  stored_name text not null unique,
  submission_id uuid references submissions (id),
  created_at timestamptz not null default now()
);

create table outbox (
  id bigserial primary key,
  submission_id uuid references submissions (id),
  kind text not null check (kind in ('email', 'ack', 'sheet', 'webhook')),
  payload jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);

create index outbox_due on outbox (next_attempt_at) where sent_at is null;

-- A solved captcha counts once: its signature is kept until it would have expired anyway.
create table captcha_spent (
  signature text primary key,
  expires_at timestamptz not null
);

-- Fixed-window request counts shared by every server process.
create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (key, window_start)
);

-- Secrets the server generates once and every process shares (such as the captcha signing key).
create table settings (
  name text primary key,
  value text not null
);
