-- A data principal may also ask for their data to be corrected (DPDP Act 2023, section 12). The person says what is
-- wrong in their own words; once confirmed by the mailed link, an admin makes the change and answers. The words and
-- the address are kept only until that answer; the audit entry keeps whether it was corrected or declined.
alter table data_requests drop constraint data_requests_kind_check;
alter table data_requests add constraint data_requests_kind_check check (kind in ('access', 'erasure', 'correction'));
alter table data_requests add column details text;

create index data_requests_open on data_requests (due_at) where confirmed_at is not null and completed_at is null;
