import type { LeadRouting } from '../../shared/generated/lead-routing.ts';
import type { Finding } from './content-rules.ts';
import { didYouMean } from './nearest-name.ts';

// What the schemas cannot say about lead routing: that the names it uses are of teams and forms that exist. These run
// on documents that may have failed their schema too, so they take nothing for granted about their shape.

/** What the clock's mails may say besides the site's placeholders: how many leads they list. */
export const CLOCK_PLACEHOLDERS = ['count'];

/** What a WhatsApp message may say besides the site's placeholders (src/server/lead-routing/whatsapp-messages.ts). */
export const MESSAGE_PLACEHOLDERS = ['name', 'staff', 'city'];

/** Where the WhatsApp messages are in a routing document: their placeholders are not the clock's. */
export const MESSAGES_POINTER = '/whatsapp';

type FormData = { visitor?: unknown; cityField?: unknown; schema?: { properties?: Record<string, unknown> } };

/**
 * What routing reads of a form: its visitor field must be one of its choices, each of whose options says who the
 * visitor is, and its city field one of its fields.
 */
export function formRoutingProblems(form: FormData): Finding[] {
  const { cityField } = form;
  const noCityField =
    typeof cityField === 'string' && !form.schema?.properties?.[cityField]
      ? [{ pointer: '/cityField', message: `the form has no field "${cityField}"` }]
      : [];
  return [...visitorTypeProblems(form), ...noCityField];
}

function visitorTypeProblems(form: FormData): Finding[] {
  const visitor = form.visitor as { field?: unknown; types?: Record<string, unknown> } | undefined;
  if (!visitor || typeof visitor !== 'object' || typeof visitor.field !== 'string') return [];
  const field = form.schema?.properties?.[visitor.field] as { enum?: unknown[]; oneOf?: { const?: unknown }[] } | undefined;
  if (!field) return [{ pointer: '/visitor/field', message: `the form has no field "${visitor.field}"` }];
  const options = field.enum ?? field.oneOf?.map((option) => option.const);
  if (!options) return [{ pointer: '/visitor/field', message: `field "${visitor.field}" is not a choice` }];
  const types = visitor.types ?? {};
  return [
    ...Object.keys(types)
      .filter((value) => !options.includes(value))
      .map((value) => ({
        pointer: `/visitor/types/${value}`,
        message: `"${value}" is not an option of "${visitor.field}"; its options are: ${options.join(', ')}`,
      })),
    ...options
      .filter((value) => typeof value === 'string' && !(value in types))
      .map((value) => ({ pointer: '/visitor/types', message: `option "${String(value)}" of "${visitor.field}" has no visitor type` })),
  ];
}

/** Every team a rule names is in teams, and every form it or a WhatsApp message names is in pages/forms. */
export function routingProblems(routing: Partial<LeadRouting>, forms: ReadonlySet<string>): Finding[] {
  const teams = Object.keys(routing.teams ?? {});
  const findings: Finding[] = [];
  const checkTeam = (team: unknown, pointer: string) => {
    if (typeof team === 'string' && !teams.includes(team))
      findings.push({ pointer, message: `no team "${team}" in teams${didYouMean(team, teams)}` });
  };
  checkTeam(routing.defaultTeam, '/defaultTeam');
  (Array.isArray(routing.rules) ? routing.rules : []).forEach((rule, i) => {
    checkTeam(rule?.team, `/rules/${i}/team`);
    const named = rule?.when?.forms;
    (Array.isArray(named) ? named : []).forEach((form, k) => {
      if (!forms.has(form))
        findings.push({
          pointer: `/rules/${i}/when/forms/${k}`,
          message: `no form "${form}" in pages/forms${didYouMean(form, [...forms])}`,
        });
    });
  });
  const messageForms = routing.whatsapp?.forms;
  if (messageForms && typeof messageForms === 'object')
    for (const form of Object.keys(messageForms))
      if (!forms.has(form))
        findings.push({ pointer: `/whatsapp/forms/${form}`, message: `no form "${form}" in pages/forms${didYouMean(form, [...forms])}` });
  return findings;
}
