-- Who started each resumable upload in flight: its announced size counts toward the sender's unclaimed-upload quota
-- (and the site's) from its first request, so many uploads started at once cannot fill the database with parts.
alter table tus_uploads add column client_ip text not null default '';

create index tus_uploads_client_ip on tus_uploads (client_ip);
