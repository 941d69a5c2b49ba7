-- Pages edited in the browser. Every save is a revision (who, when, what changed, the revision it was based on); a
-- page's state says which revision is the latest draft, which one the site serves (with its HTML, rendered when it was
-- published) and which one is due to be published when. Files in pages/ stay the seed: a route with no published
-- revision is served from the build.
create table page_revisions (
  id bigserial primary key,
  route text not null,
  -- json, not jsonb: the document keeps its members in the order written, so npm run pages:pull writes files whose
  -- diff in git shows only what was edited.
  document json not null,
  base_revision_id bigint references page_revisions (id),
  author_id uuid references users (id),
  author_name text not null,
  -- What changed against the base, in words ("blocks/0/heading changed"); the diff itself is computed when asked.
  summary text not null,
  created_at timestamptz not null default now()
);

create index page_revisions_history on page_revisions (route, id desc);

create table page_states (
  route text primary key,
  head_revision_id bigint not null references page_revisions (id),
  published_revision_id bigint references page_revisions (id),
  -- The published revision's HTML and its page document (placeholders filled), switched in one update.
  published_html text,
  published_data text,
  -- The build whose scripts and styles the HTML names: another build renders the document again.
  published_build text,
  published_at timestamptz,
  published_by text,
  scheduled_revision_id bigint references page_revisions (id),
  scheduled_at timestamptz,
  -- The private address of the draft's preview: unguessable, never listed.
  preview_token text not null unique
);

create index page_states_scheduled on page_states (scheduled_at) where scheduled_at is not null;

-- One counter every process reads (at most once a second) to know that some page was published or rolled back.
create table page_publish_version (
  id integer primary key check (id = 1),
  version bigint not null
);

insert into page_publish_version (id, version) values (1, 0)
