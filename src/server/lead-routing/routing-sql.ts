import { BDE_ROLES } from '../../shared/roles';

// The routing part of the statement that stores submissions (src/server/forms/store.ts), over its `s` (each
// submission, numbered i, with its `routes`: the teams that may take it, in order; its person's `phone` and `email`;
// and `repeat_days`) and `ok` (the submissions being stored). Routing in the same statement makes it part of the
// submission's transaction: a lead is never stored without its assignee, and a turn is never taken for a lead that was
// not stored.

const roles = `'{${BDE_ROLES.join(',')}}'::text[]`;

/**
 * Over `person` (i, person_id: who sent each submission, src/server/people/link-people-sql.ts): `repeats` (i, id,
 * reference, assigned_to): the latest lead of that person, or of anyone merged with them, within repeat_days, for a
 * lead that is to be routed; `kept` (i, user_id): the repeats whose earlier lead's assignee can still take leads.
 */
const REPEAT_CTES = `
     repeats as materialized (
       select distinct on (p.i) p.i, x.id, x.reference, x.assigned_to
         from person p join s using (i)
         join people me on me.id = p.person_id
         join people g on coalesce(me.merged_into, me.id) in (g.id, g.merged_into)
         cross join lateral (
           select x.id, x.reference, x.assigned_to, x.created_at from submissions x
            where x.person_id = g.id and x.created_at >= s.created_at - make_interval(days => s.repeat_days)
            order by x.created_at desc limit 1) x
        where s.repeat_days > 0 and jsonb_array_length(s.routes) > 0
        order by p.i, x.created_at desc),
     kept as materialized (
       select r.i, u.id as user_id from repeats r join users u on u.id = r.assigned_to
        where u.active and u.role = any(${roles}) and (u.away_until is null or u.away_until <= now()))`;

/**
 * `assignee` (i, user_id, choice): who takes each lead of the batch being stored: whoever has the person's last lead
 * for a repeat, else the choice of route_leads (migration 024), which finds each team's available members, the first
 * team of each lead's list with anyone, and whose turn it is; not called for a batch with nothing to route.
 */
export const ROUTING_CTES = `
     ${REPEAT_CTES},
     assignee as materialized (
       select kept.i, kept.user_id, null::jsonb as choice from kept
       union all
       select r.i, r.user_id, r.choice
         from (select jsonb_agg(jsonb_build_object('i', s.i, 'routes', s.routes)) as leads
                 from s join ok using (i) where jsonb_array_length(s.routes) > 0 and s.i not in (select i from kept)
               having count(*) > 0) routed
        cross join lateral route_leads(routed.leads, ${roles}) r)`;

/**
 * How the lead was routed, for its history: to whoever has the person's earlier lead; the rule, team and person that
 * took it (and who leads that team); the rule that kept it for the inbox; or the teams that had nobody available.
 */
export const ROUTING_RECORD = `
       case
         when assignee.user_id is not null and assignee.choice is null then
           jsonb_build_object('repeatOf', repeats.reference, 'to', assignee.user_id)
         when assignee.user_id is not null then
           jsonb_build_object('rule', assignee.choice->>'rule', 'team', assignee.choice->>'team', 'to', assignee.user_id,
                              'lead', assignee.choice->'lead')
         when s.nobody_rule is not null then jsonb_build_object('rule', s.nobody_rule)
         when jsonb_array_length(s.routes) > 0 then
           jsonb_build_object('unavailable', (select jsonb_agg(c->>'team') from jsonb_array_elements(s.routes) c))
       end`;
