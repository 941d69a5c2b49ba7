-- Upload bytes in the database, so every server process behind one PostgreSQL serves the same files.
create table upload_blobs (
  stored_name text primary key,
  data bytea not null,
  created_at timestamptz not null default now()
);

-- Uncompressed out-of-line storage: a download reads its chunks without decompressing the whole file.
alter table upload_blobs alter column data set storage external;

-- Where an upload's bytes are: files written before this migration stay on the disk that has them.
alter table uploads add column stored_in text not null default 'disk' check (stored_in in ('disk', 'database'));

-- Who sent it and until when it is kept unless a form claims it: the quotas count these.
alter table uploads add column client_ip text;

alter table uploads add column expires_at timestamptz;

update uploads set expires_at = created_at + interval '1 day';

alter table uploads alter column expires_at set not null;

-- The default unclaimed lifetime for rows written other than through the upload route.
alter table uploads alter column expires_at set default now() + interval '2 hours';

create index uploads_unclaimed on uploads (client_ip, expires_at) where submission_id is null;

-- Failed logins per account and per address; a row exists only after a failure.
create table login_failures (
  key text primary key,
  failures integer not null,
  last_failed_at timestamptz not null,
  -- No attempt is checked before this time: the back-off, or the moment an attempt in flight holds the slot.
  blocked_until timestamptz
);
