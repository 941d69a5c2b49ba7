-- A page published in the editor in each of its other languages: its Hindi page (/hi/about) is published with a
-- revision whose Hindi is whole, and otherwise keeps the Hindi it was last published with (or the build's). The
-- English page is the page_states row.
create table page_locale_states (
  route text not null references page_states (route) on delete cascade,
  locale text not null,
  revision_id bigint not null references page_revisions (id),
  html text not null,
  data text not null,
  -- The build whose scripts and styles the HTML names: another build renders the revision again.
  build text not null,
  published_at timestamptz not null default now(),
  published_by text not null,
  primary key (route, locale)
);
