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

-- Who takes each lead of a batch being stored (src/server/forms/store.ts calls it in the statement that stores them,
-- so routing is part of the submission's transaction). `leads` is [{ i, routes }], routes being the teams that may take
-- lead i, in order, as src/server/lead-routing/route-lead.ts lists them. A team's available members are its active
-- users of `roles` not away, named in it or of its roles (of the lead's city, for a city's team), in username order,
-- found once per team however many leads name it; the first team of a lead's list with anyone available takes it, and
-- its turn counter, moved on by as many leads of the batch as it takes, says whose turn each is. Counters are locked
-- in team order, so two processes storing at once never deadlock. A function, so its plan is made once per session
-- rather than with every batch's statement.
create function route_leads(leads jsonb, roles text[]) returns table (i int, user_id uuid, choice jsonb)
language plpgsql set search_path from current as $$
#variable_conflict use_column
begin
  return query
  with route_choice as materialized (
         select (l->>'i')::int as i, c.k, c.choice
           from jsonb_array_elements(leads) l, jsonb_array_elements(l->'routes') with ordinality c (choice, k)),
       team_members as materialized (
         select m.choice, u.id as user_id, row_number() over (partition by m.choice order by u.username) as place
           from (select distinct choice from route_choice) m join users u
             on u.active and u.role = any(roles) and (u.away_until is null or u.away_until <= now())
            and (m.choice->'members' ? u.username or m.choice->'roles' ? u.role)
            and (m.choice->>'city' is null or lower(u.city) = lower(m.choice->>'city'))),
       team_size as (select choice, count(*) as size from team_members group by choice),
       chosen as materialized (
         select distinct on (rc.i) rc.i, rc.choice, rc.choice->>'key' as team, ts.size
           from route_choice rc join team_size ts using (choice) order by rc.i, rc.k),
       wanted as (select team, count(*)::int as n from chosen group by team),
       turns as (
         insert into lead_routing_turns as t (team, turns)
         select team, n from wanted order by team
         on conflict (team) do update set turns = t.turns + excluded.turns
         returning t.team, t.turns)
  select c.i, tm.user_id, c.choice
    from (select chosen.*, row_number() over (partition by team order by i) as j from chosen) c
    join wanted w using (team) join turns t using (team)
    join team_members tm on tm.choice = c.choice and tm.place = (t.turns - w.n + c.j - 1) % c.size + 1; end
$$;
