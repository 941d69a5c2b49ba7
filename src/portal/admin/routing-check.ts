import { validateRouting } from '../../shared/generated/lead-routing-validator';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { plainRoutingMessage } from '../../shared/lead-routing-words';
import { schemaErrorMessage, schemaErrorPointer, type SchemaError } from '../../shared/schema-errors';

/** A problem of the rules at its field: the JSON pointer of the value, and what is wrong with it in plain words. */
export interface RoutingProblem {
  pointer: string;
  message: string;
}

const validate = validateRouting as unknown as ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

/**
 * What the server would refuse that the browser can tell: the schema (the code of `npm run validate`'s own validator,
 * generated from schemas/lead-routing.json) and the teams the rules name. The server checks again, with the forms.
 */
export function routingProblems(document: LeadRouting): RoutingProblem[] {
  const problems: RoutingProblem[] = validate(document)
    ? []
    : (validate.errors ?? []).map((error) => ({
        pointer: schemaErrorPointer(error),
        message: plainRoutingMessage(schemaErrorMessage(error)),
      }));
  const teams = Object.keys(document.teams ?? {});
  const unknownTeam = (team: unknown, pointer: string) =>
    typeof team === 'string' && !teams.includes(team) ? [{ pointer, message: 'choose a team: the one chosen was removed' }] : [];
  problems.push(...unknownTeam(document.defaultTeam, '/defaultTeam'));
  (document.rules ?? []).forEach((rule, i) => problems.push(...unknownTeam(rule.team, `/rules/${i}/team`)));
  // A value that fails several ways (an enum of a union type, say) is told once.
  return problems.filter((p, i) => problems.findIndex((q) => q.pointer === p.pointer && q.message === p.message) === i);
}
