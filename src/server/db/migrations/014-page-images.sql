-- Images uploaded in the page editor. A published page names one as /images/uploads/<file_name>; every process serves
-- it from this row and the shared blob store (the data directory with the embedded database, upload_blobs with
-- PostgreSQL). Unlike form uploads they never expire: a page, a revision in its history or a pulled file may name them.
create table page_images (
  file_name text primary key,
  original_name text not null,
  media_type text not null check (media_type in ('image/png', 'image/jpeg', 'image/webp')),
  size_bytes integer not null,
  -- From the image's header, so a block can give the browser its size before it loads.
  width integer not null,
  height integer not null,
  stored_name text not null unique,
  stored_in text not null check (stored_in in ('disk', 'database')),
  uploaded_by text not null,
  created_at timestamptz not null default now()
);

create index page_images_created on page_images (created_at desc)
