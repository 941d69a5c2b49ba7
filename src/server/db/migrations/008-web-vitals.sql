-- Core Web Vitals reported by visitors' browsers: a path, a metric, a value and when. Nothing that names a person.
create table web_vitals (
  id bigserial primary key,
  page text not null,
  metric text not null check (metric in ('LCP', 'INP', 'CLS')),
  value double precision not null check (value >= 0),
  created_at timestamptz not null default now()
);

create index web_vitals_created on web_vitals (created_at);
