-- Lead routing as admins save it at /admin/lead-routing. Every save is a version, kept for the history and for
-- restoring; the newest is what routes new leads, and while there is none pages/lead-routing.json does.
create table lead_routing_versions (
  id bigserial primary key,
  -- json, not jsonb: teams and rules keep the order the admin gave them.
  data json not null,
  -- The newest version when the admin opened the rules (null: the file), so a save over someone else's is refused.
  based_on bigint references lead_routing_versions (id),
  saved_by uuid references users (id),
  saved_by_name text not null,
  saved_at timestamptz not null default now(),
  note text
);

-- Every save is based on the newest version, so no two share a base: of two saves from the same one, one is stored.
create unique index lead_routing_versions_one_successor on lead_routing_versions ((coalesce(based_on, 0)));
