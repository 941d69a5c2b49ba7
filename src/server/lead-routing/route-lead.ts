import type { FormDefinition, VisitorType } from '../../shared/generated/form-definition';
import type { LeadRouting } from '../../shared/generated/lead-routing';

/** What routing looks at in a new lead. */
export interface LeadFacts {
  formId: string;
  collection: string;
  city: string | null;
  page: string;
  visitorType: VisitorType | null;
}

/**
 * A team that may take the lead, with the rule that sent it there. `key` names its turn counter: a team whose members
 * share the lead's city takes turns per city.
 */
export interface TeamChoice {
  key: string;
  rule: string;
  team: string;
  members: string[];
  roles: string[];
  city: string | null;
  /** The username of who leads the team, told when its leads go unanswered. */
  lead: string | null;
}

/**
 * The teams that may take a lead, in order: the submission's statement gives it to the first with someone available.
 * `nobodyRule` names the rule that keeps it for the inbox once the teams before it have nobody.
 */
export interface LeadRoute {
  choices: TeamChoice[];
  nobodyRule: string | null;
}

const DEFAULT_RULE = 'Default team';

/** Who the visitor is, as the form says: one type for every submission, or by the answer to one of its choices. */
export function visitorTypeOf(form: Pick<FormDefinition, 'visitor'>, data: Record<string, unknown>): VisitorType | null {
  const { visitor } = form;
  if (!visitor) return null;
  if (typeof visitor === 'string') return visitor;
  const answer = data[visitor.field];
  return typeof answer === 'string' ? (visitor.types[answer] ?? null) : null;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const among = (values: string[] | undefined, value: string | null) => !values || (value !== null && values.some((v) => same(v, value)));

function matches(when: LeadRouting['rules'][number]['when'], lead: LeadFacts): boolean {
  if (!when) return true;
  return (
    among(when.forms, lead.formId) &&
    among(when.collections, lead.collection) &&
    among(when.cities, lead.city) &&
    among(when.pages, lead.page) &&
    among(when.visitorTypes, lead.visitorType)
  );
}

/** The rules that match the lead, in order, as the teams to try and where the tries stop. */
export function routeLead(routing: LeadRouting, lead: LeadFacts): LeadRoute {
  const choices: TeamChoice[] = [];
  const add = (teamKey: string, rule: string) => {
    const team = routing.teams[teamKey];
    if (!team || (team.sameCity && !lead.city)) return;
    const city = team.sameCity ? lead.city : null;
    const key = city ? `${teamKey}/${city.toLowerCase()}` : teamKey;
    if (choices.some((choice) => choice.key === key)) return;
    choices.push({ key, rule, team: team.name, members: team.members ?? [], roles: team.roles ?? [], city, lead: team.lead ?? null });
  };
  for (const rule of routing.rules) {
    if (!matches(rule.when, lead)) continue;
    if (rule.team === null) return { choices, nobodyRule: rule.name };
    add(rule.team, rule.name);
  }
  add(routing.defaultTeam, DEFAULT_RULE);
  return { choices, nobodyRule: null };
}
