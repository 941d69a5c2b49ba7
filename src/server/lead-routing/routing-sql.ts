import { BDE_ROLES } from '../../shared/roles';

// The routing part of the statement that stores submissions (src/server/forms/store.ts), as common table expressions
// over its `s` (each submission, numbered i, with its `routes`: the teams that may take it, in order) and `ok` (the
// submissions being stored). Routing in the same statement makes it part of the submission's transaction: a lead is
// never stored without its assignee, and a turn is never taken for a lead that was not stored.

const roles = `'{${BDE_ROLES.join(',')}}'::text[]`;

/**
 * `assignee` (i, user_id, choice): who takes each lead. A team's available members are its active BDEs and FBDEs, not
 * away, named in it or of its roles (of the lead's city, for a city's team), in username order; the first team of a
 * lead's list with anyone available takes it, and its turn counter, moved on by as many leads of the batch as it takes,
 * says whose turn each is. Counters are locked in team order, so two processes storing at once never deadlock.
 */
export const ROUTING_CTES = `
     route_choice as (
       select ok.i, c.k, c.choice from ok join s using (i), jsonb_array_elements(s.routes) with ordinality c (choice, k)),
     available as (
       select rc.i, rc.k, u.id as user_id,
              row_number() over (partition by rc.i, rc.k order by u.username) as place,
              count(*) over (partition by rc.i, rc.k) as size
         from route_choice rc join users u
           on u.active and u.role = any(${roles}) and (u.away_until is null or u.away_until <= now())
          and (u.username in (select jsonb_array_elements_text(rc.choice->'members'))
               or u.role in (select jsonb_array_elements_text(rc.choice->'roles')))
          and (rc.choice->>'city' is null or lower(u.city) = lower(rc.choice->>'city'))),
     chosen as (
       select distinct on (a.i) a.i, a.k, rc.choice, rc.choice->>'key' as team
         from available a join route_choice rc using (i, k) order by a.i, a.k),
     wanted as (select team, count(*)::int as n from chosen group by team),
     turns as (
       insert into lead_routing_turns as t (team, turns)
       select team, n from wanted order by team
       on conflict (team) do update set turns = t.turns + excluded.turns
       returning t.team, t.turns),
     assignee as (
       select c.i, a.user_id, c.choice
         from (select chosen.*, row_number() over (partition by team order by i) as j from chosen) c
         join wanted w using (team) join turns t using (team)
         join available a on a.i = c.i and a.k = c.k
        where a.place = (t.turns - w.n + c.j - 1) % a.size + 1)`;

/**
 * How the lead was routed, for its history: the rule, team and person that took it (and who leads that team); the
 * rule that kept it for the inbox; or the teams that had nobody available.
 */
export const ROUTING_RECORD = `
       case
         when assignee.user_id is not null then
           jsonb_build_object('rule', assignee.choice->>'rule', 'team', assignee.choice->>'team', 'to', assignee.user_id,
                              'lead', assignee.choice->'lead')
         when s.nobody_rule is not null then jsonb_build_object('rule', s.nobody_rule)
         when jsonb_array_length(s.routes) > 0 then
           jsonb_build_object('unavailable', (select jsonb_agg(c->>'team') from jsonb_array_elements(s.routes) c))
       end`;
