-- Resumable (tus) uploads in flight, in the database every process shares: a chunk may reach another process than
-- the one that created the upload. A finished upload is checked, saved as an ordinary unclaimed upload (uploads and
-- upload_blobs or the disk) and leaves these tables; an unfinished one is removed once older than the unclaimed-upload
-- lifetime.
create table tus_uploads (
  id text primary key,
  size_bytes bigint not null,
  offset_bytes bigint not null default 0,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now()
);

create index tus_uploads_created on tus_uploads (created_at);

-- The bytes, one row per piece received, in order of start_offset.
create table tus_upload_parts (
  upload_id text not null references tus_uploads (id) on delete cascade,
  start_offset bigint not null,
  data bytea not null,
  primary key (upload_id, start_offset)
);

-- Uncompressed out-of-line storage, as upload_blobs: the pieces are mostly of compressed formats already.
alter table tus_upload_parts alter column data set storage external
;
