-- A job's pipeline: each application moves through stages toward a placement, with an owner and a history.
-- The stages and their order are src/shared/pipeline-stages.ts's; stage_rank lists them in that order.
alter table job_applications
  add column stage text not null default 'applied'
    check (stage in ('applied', 'screened', 'shortlisted', 'sent-to-client', 'interview', 'offered', 'joined', 'dropped', 'rejected')),
  add column stage_rank smallint generated always as (
    case stage when 'applied' then 1 when 'screened' then 2 when 'shortlisted' then 3 when 'sent-to-client' then 4
      when 'interview' then 5 when 'offered' then 6 when 'joined' then 7 when 'dropped' then 8 else 9 end) stored,
  add column stage_changed_at timestamptz,
  -- Set while the stage is an interview: when it is.
  add column interview_at timestamptz,
  -- Why a candidate dropped out or was rejected.
  add column closed_reason text,
  add column owner_id uuid references users (id),
  -- A candidate added by staff from a registration or a lead, rather than one who applied on the site.
  add column submission_id uuid references submissions (id) on delete set null;

-- The pipeline's list: a job's applicants in stage order, newest first within a stage.
create index job_applications_pipeline on job_applications (job_id, stage_rank, created_at desc, id desc);
-- A lead is a job's candidate once.
create unique index job_applications_job_submission on job_applications (job_id, submission_id) where submission_id is not null;

-- What happened to an application: stage moves, owner changes, notes. The id orders them (two in one instant keep
-- the order they were written in).
create table application_events (
  id bigserial primary key,
  application_id uuid not null references job_applications (id) on delete cascade,
  actor_id uuid references users (id),
  kind text not null check (kind in ('added', 'stage', 'owner', 'note')),
  from_stage text,
  to_stage text,
  reason text,
  interview_at timestamptz,
  owner_id uuid references users (id),
  body text,
  created_at timestamptz not null default now()
);
create index application_events_application on application_events (application_id, id);

-- A candidate who joined: what the company bills and the franchise earns. It keeps the job, city and recruiter
-- itself, so the reports stand after the application is erased at the end of its retention period.
create table placements (
  id uuid primary key default gen_random_uuid(),
  application_id uuid unique references job_applications (id) on delete set null,
  job_id uuid not null references jobs (id),
  company_name text not null,
  -- The franchise city whose team placed the candidate; null for the head office.
  franchise_city text,
  recruiter_id uuid references users (id),
  applied_at timestamptz not null,
  joining_date date not null,
  ctc integer not null check (ctc > 0),
  fee_type text not null check (fee_type in ('fixed', 'ctc-share')),
  fee integer not null check (fee >= 0),
  invoice_status text not null default 'to-invoice' check (invoice_status in ('to-invoice', 'invoiced', 'paid')),
  -- The placement onboarded a new client company: the franchise's bonus applies.
  new_company boolean not null default false,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz
);
create index placements_joining on placements (joining_date desc, id desc);
