-- A page renamed in the page editor leaves its old address behind: a visitor or a search engine that has it is sent on
-- with 301 to where the page went. A page published at the old address later takes it back.
create table page_redirects (
  from_route text primary key,
  to_route text not null,
  created_by text not null,
  created_at timestamptz not null default now()
)
