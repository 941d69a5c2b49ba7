-- Job applications keep the consent their form showed, as form submissions do.
alter table job_applications add column consent jsonb
