-- A data principal may ask by mobile number as well as by email address (DPDP Act 2023): the confirmation link goes
-- by SMS, and records are found by the number's last ten digits, however it was typed (+91 98765 43210, 9876543210).
create function phone_key(value text) returns text language sql immutable as
  $$ select nullif(right(regexp_replace(coalesce(value, ''), '\D', '', 'g'), 10), '') $$;

create index submissions_phone on submissions (phone_key(coalesce(data->>'phone', data->>'contact')));

create index job_applications_phone on job_applications (phone_key(phone));

alter table data_requests add column phone text;

-- The SMS carrying the link is a forward to the SMS gateway (SMS_GATEWAY_URL).
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check check (kind in ('email', 'ack', 'sheet', 'webhook', 'firestore', 'sms'));
