-- Phone numbers are stored in E.164 (+919876543210), as the forms now send them (src/shared/phone.ts), and a data
-- request by mobile number finds only records of that same whole number: matching the last ten digits gave a
-- stranger whose foreign number ends in the same digits the records of an Indian visitor. Numbers stored as typed
-- are rewritten here: an Indian one (ten digits, after +91, 0091, 91 or 0, spaces, dashes, dots and brackets taken
-- away) as +91 and its ten digits, one written with + or 00 and a country code as + and its digits. Anything else
-- stays as it was, and matches no number.
create function phone_as_e164(value text) returns text language sql immutable as $$
  select case
    when written ~ '^(\+91|0091|91|0)?[1-9][0-9]{9}$' then '+91' || right(written, 10)
    when written ~ '^(\+|00)[1-9][0-9]{6,14}$' then '+' || regexp_replace(written, '^(\+|00)', '')
    else value
  end
  from (select regexp_replace(value, '[[:space:]().-]', '', 'g') as written) w
$$;

update submissions set data = jsonb_set(data, '{phone}', to_jsonb(phone_as_e164(data->>'phone')))
  where jsonb_typeof(data->'phone') = 'string' and phone_as_e164(data->>'phone') <> data->>'phone';

update submissions set data = jsonb_set(data, '{contact}', to_jsonb(phone_as_e164(data->>'contact')))
  where jsonb_typeof(data->'contact') = 'string' and phone_as_e164(data->>'contact') <> data->>'contact';

update job_applications set phone = phone_as_e164(phone) where phone_as_e164(phone) <> phone;

update data_requests set phone = phone_as_e164(phone) where phone_as_e164(phone) <> phone;

drop function phone_as_e164(text);

-- The lookups compare the whole stored number (src/server/data-requests/store.ts).
drop index submissions_phone;
create index submissions_phone on submissions ((coalesce(data->>'phone', data->>'contact')));

drop index job_applications_phone;
create index job_applications_phone on job_applications (phone);

drop function phone_key(text);
