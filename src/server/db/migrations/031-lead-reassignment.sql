-- A lead still unanswered well after its promise goes, once, to the next available person of its team
-- (responseClock.reassignAfterHours of pages/lead-routing.json). reassigned_at says it was; the clock's sweep finds it
-- through clock_at, set after the escalation to the time it is due to move.
alter table submissions add column reassigned_at timestamptz;

-- route_leads as migration 024 made it, and a team choice may leave one person out ("except": the user id of whoever
-- has the lead), so a reassigned lead goes to someone else.
create or replace function route_leads(leads jsonb, roles text[]) returns table (i int, user_id uuid, choice jsonb)
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
            and (m.choice->>'city' is null or lower(u.city) = lower(m.choice->>'city'))
            and (m.choice->>'except' is null or u.id::text <> m.choice->>'except')),
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
