import type { LeadRouting } from './generated/lead-routing';
import { pointerKeys } from './json-pointer';

// The problems of a routing document in the words of the editor at /admin/lead-routing, not of its JSON: the server's
// refusals and the browser's own check both speak so.

const FIELDS: Record<string, string> = {
  name: 'name',
  members: 'named people',
  roles: 'everyone with the role',
  sameCity: 'only people of the lead’s city',
  lead: 'team lead',
  team: 'goes to',
  forms: 'forms',
  collections: 'kinds of record',
  cities: 'cities',
  pages: 'pages',
  visitorTypes: 'visitor types',
  when: 'conditions',
  remindAt: 'remind at',
  reassignAfterHours: 'hand over after',
  reminder: 'reminder mail',
  escalation: 'escalation mail',
  reassigned: 'handed-over mail',
  subject: 'subject',
  intro: 'opening text',
  time: 'time',
  defaultTeam: 'Default team',
  repeatDays: 'Repeat leads',
  offlineSources: 'Offline sources',
  responseClock: 'Response clock',
  digest: 'Morning digest',
  teams: 'Teams',
  rules: 'Rules',
  whatsapp: 'WhatsApp messages',
  default: 'for every form',
  en: 'in English',
  hi: 'in Hindi',
};

/** Where a JSON pointer into a routing document is, as the editor names it: `Rule 2 “Newsletter…”, forms`. */
export function routingPlace(pointer: string, document: Partial<LeadRouting> | undefined): string {
  const [top, key, ...rest] = pointerKeys(pointer);
  if (!top) return 'The rules';
  const fields = rest.filter((segment) => !/^\d+$/.test(segment) && segment !== 'when').map((segment) => FIELDS[segment] ?? segment);
  let where: string;
  if (top === 'teams' && key !== undefined) where = `Team “${document?.teams?.[key]?.name ?? key}”`;
  else if (top === 'rules' && key !== undefined && /^\d+$/.test(key)) {
    const name = document?.rules?.[Number(key)]?.name;
    where = `Rule ${Number(key) + 1}${name ? ` “${name}”` : ''}`;
  } else {
    where = FIELDS[top] ?? top;
    if (key !== undefined && !/^\d+$/.test(key)) fields.unshift(FIELDS[key] ?? key);
  }
  return [where, ...fields].join(', ');
}

const PATTERNS: [RegExp, string][] = [
  [/^must NOT have fewer than 1 characters$/, 'must not be empty'],
  [/^must NOT have fewer than 1 items$/, 'choose at least one'],
  [/^must NOT have fewer than 1 properties$/, 'give at least one condition, or remove the conditions'],
  [/^must NOT have more than (\d+) characters$/, 'must be at most $1 characters'],
  [/^must NOT have more than (\d+) items$/, 'at most $1'],
  [/^must NOT have duplicate items .*$/, 'lists the same value twice'],
  [/^must match pattern "\^\[a-z0-9._-\]\{3,40\}\$"$/, 'must be a username (3 to 40 lower-case letters, digits, dots, dashes)'],
  [/^must match pattern "\^\(\[01\].*$/, 'must be a time of day, such as 09:00'],
  [/^must match pattern "\^\[a-z0-9\]\[a-z0-9 .-\]\{0,39\}\$"$/, 'lower-case letters, digits, spaces, dots and dashes, up to 40'],
  [/^must match pattern "\^\[a-z0-9-\]\{1,40\}\$"$/, 'lower-case letters, digits and dashes, up to 40'],
  [/^must be > 0$/, 'must be more than 0'],
  [/^must be < 1$/, 'must be less than 100%'],
  [/^must be >= (\d+)$/, 'must be at least $1'],
  [/^must be <= (\d+)$/, 'must be at most $1'],
  [/^must be integer$/, 'must be a whole number'],
  [/^must be number$/, 'must be a number'],
  [
    /^must have property reassigned when property reassignAfterHours is present$/,
    'the handed-over mail is needed when leads are handed over',
  ],
];

/** A check's message, as a marketing or admin person reads it. */
export function plainRoutingMessage(message: string): string {
  for (const [pattern, words] of PATTERNS) if (pattern.test(message)) return message.replace(pattern, words);
  return message;
}
