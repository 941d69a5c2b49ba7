-- Requests of data principals (DPDP Act 2023) to see or erase what the site holds about their email address. The
-- address is kept only while the request needs it: until its confirmation link expires or, once confirmed, until the
-- export has been offered or the erasure done. What stays is the audit entry: kind, times and how many records of
-- each category were found or erased, with no personal data.
create table data_requests (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('access', 'erasure')),
  email text,
  token_hash text unique,
  created_at timestamptz not null default now(),
  -- The confirmation link works once, until then; the law's deadline for an answer is due_at.
  expires_at timestamptz not null,
  due_at timestamptz not null,
  confirmed_at timestamptz,
  -- An access request's export can be downloaded with a second token, shown only on the confirmation page.
  export_token_hash text unique,
  export_expires_at timestamptz,
  completed_at timestamptz,
  outcome jsonb
);

create index data_requests_created on data_requests (created_at desc, id desc);
