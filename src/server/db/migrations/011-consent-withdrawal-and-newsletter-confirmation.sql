-- Newsletter double opt-in and consent withdrawal. A newsletter subscription is its submission: pending until
-- confirmed_at is set by its confirmation link, withdrawn from consent_withdrawn_at on. Any other submission or job
-- application whose acknowledgement carried a withdraw link records there when the visitor withdrew.
alter table submissions add column confirmed_at timestamptz, add column consent_withdrawn_at timestamptz;

alter table job_applications add column consent_withdrawn_at timestamptz;

-- The links mailed to a visitor. Only a hash of each token is kept, so the table cannot be used to act for anyone;
-- a token does one thing (its purpose) for one record. A confirmation expires and works once; a withdraw link works
-- for as long as its record exists, as one-click unsubscribe expects.
create table consent_tokens (
  token_hash text primary key,
  purpose text not null check (purpose in ('confirm', 'withdraw')),
  submission_id uuid references submissions (id) on delete cascade,
  application_id uuid references job_applications (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  used_at timestamptz,
  check (num_nonnulls(submission_id, application_id) = 1)
);

create index consent_tokens_submission on consent_tokens (submission_id) where submission_id is not null;

create index consent_tokens_application on consent_tokens (application_id) where application_id is not null;
