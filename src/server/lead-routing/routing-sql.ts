import { BDE_ROLES } from '../../shared/roles';

// The routing part of the statement that stores submissions (src/server/forms/store.ts), over its `s` (each
// submission, numbered i, with its `routes`: the teams that may take it, in order) and `ok` (the submissions being
// stored). Routing in the same statement makes it part of the submission's transaction: a lead is never stored without
// its assignee, and a turn is never taken for a lead that was not stored.

const roles = `'{${BDE_ROLES.join(',')}}'::text[]`;

/**
 * `assignee` (i, user_id, choice): who takes each lead of the batch being stored, chosen by route_leads (migration
 * 024), which finds each team's available members, the first team of each lead's list with anyone, and whose turn it
 * is.
 */
export const ROUTING_CTES = `
     assignee as materialized (
       select r.i, r.user_id, r.choice
         from route_leads(
                (select coalesce(jsonb_agg(jsonb_build_object('i', s.i, 'routes', s.routes)), '[]')
                   from s join ok using (i) where jsonb_array_length(s.routes) > 0),
                ${roles}) r)`;

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
