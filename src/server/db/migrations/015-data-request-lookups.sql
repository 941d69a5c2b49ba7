-- A data principal's request finds their records by email address (src/server/data-requests/store.ts). Without these
-- indexes every lookup and erasure read each submission and application: at a million leads, seconds, and on the
-- embedded database the whole site's queries wait behind it.
create index submissions_email on submissions (lower(data->>'email'));

create index job_applications_email on job_applications (lower(email));
