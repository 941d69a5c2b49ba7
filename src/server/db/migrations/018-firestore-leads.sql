-- Leads brought over from the company's earlier site, which kept them in Firestore (npm run import:firestore): each
-- remembers the document it came from, so a second import adds nothing.
alter table submissions add column imported_from text;

create unique index submissions_imported_from on submissions (imported_from) where imported_from is not null;

-- New leads of the forms with a firestore target are copied back there through the outbox, in the earlier site's shape.
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check check (kind in ('email', 'ack', 'sheet', 'webhook', 'firestore'));
