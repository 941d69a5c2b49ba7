-- Leads are routed on arrival (pages/lead-routing.json): in turn within a team, skipping people marked away.
alter table users add column away_until timestamptz;

-- How many leads each team has taken, so the next goes to the next person even when several processes take leads.
-- A team whose members share the lead's city counts per city ("franchise-city/Surat").
create table lead_routing_turns (
  team text primary key,
  turns bigint not null
);

-- A lead's history: its routing, assignments and status changes, oldest first.
create index activity_subject on activity (subject_type, subject_id, id);

-- How each lead was routed: the rule, team and person that took it, the rule that kept it for the inbox, or the teams
-- that had nobody available. Null for leads stored before routing.
alter table submissions add column routing jsonb;
