-- The language of the page a lead was sent from (en, hi, gu, ...): what the visitor read, and what their mail says.
alter table submissions add column locale text not null default 'en';
