import type { LeadRouting } from '../../shared/generated/lead-routing';
import { MultiChoice, RoutingInput, RoutingSelect, type Option, type RoutingSectionProps } from './routing-fields';

type Rule = LeadRouting['rules'][number];
type Condition = keyof NonNullable<Rule['when']>;

const VISITOR_TYPES: Record<string, string> = {
  'job-seeker': 'Job seekers',
  college: 'Colleges',
  employer: 'Employers',
  franchisee: 'Franchisees',
  partner: 'Partners',
};

/** A rule's conditions in one line, in the words of their lists: "sent with the form Subscribe; from the city Surat". */
function describeWhen(when: Rule['when'], conditions: { key: Condition; legend: string; options: Option[] }[]): string {
  if (!when) return 'every lead';
  return Object.entries(when)
    .map(([key, values]) => {
      const condition = conditions.find((c) => c.key === key);
      const label = (value: string) => condition?.options.find((o) => o.value === value)?.label ?? value;
      return `${condition?.legend.toLowerCase() ?? key} ${(values as string[]).map(label).join(', ')}`;
    })
    .join('; ');
}

/** The value of "Goes to" that keeps a lead for the inbox: a rule's team is then null. */
const NOBODY = '';

/** The rules in order: what each matches, and the team its leads go to. */
export function RoutingRules({ routing, choices, problems, change }: RoutingSectionProps) {
  const teams: Option[] = Object.entries(routing.teams).map(([key, team]) => ({ value: key, label: team.name || key }));
  const conditions: { key: Condition; legend: string; options: Option[]; other?: string; help?: string }[] = [
    {
      key: 'forms',
      legend: 'Sent with the form',
      // Two forms may share a title (a page's and a popup's): their ids tell them apart.
      options: choices.forms.map((f) => ({
        value: f.id,
        label: choices.forms.filter((other) => other.title === f.title).length > 1 ? `${f.title} (${f.id})` : f.title,
      })),
    },
    { key: 'cities', legend: 'From the city', options: choices.cities.map((c) => ({ value: c, label: c })), other: 'Another city' },
    {
      key: 'visitorTypes',
      legend: 'From a visitor who is',
      options: choices.visitorTypes.map((v) => ({ value: v, label: VISITOR_TYPES[v] ?? v })),
    },
    {
      key: 'collections',
      legend: 'Stored as',
      help: 'The kind of record a form keeps its leads as.',
      options: choices.collections.map((c) => ({ value: c, label: c })),
    },
    { key: 'pages', legend: 'Sent from the page', options: [], other: 'A page’s address, such as /franchise/surat' },
  ];
  const set = (i: number, edit: (rule: Rule) => void) =>
    change((draft) => {
      const rule = draft.rules[i];
      if (rule) edit(rule);
    });
  const setCondition = (i: number, key: Condition, values: string[]) =>
    set(i, (rule) => {
      const when = { ...rule.when } as Record<string, string[]>;
      if (values.length) when[key] = values;
      else delete when[key];
      if (Object.keys(when).length) rule.when = when as Rule['when'];
      else delete rule.when;
    });
  const move = (i: number, by: -1 | 1) =>
    change((draft) => {
      const [rule] = draft.rules.splice(i, 1);
      if (rule) draft.rules.splice(i + by, 0, rule);
    });

  return (
    <section className="routing-section" aria-labelledby="routing-rules">
      <h2 id="routing-rules">Rules</h2>
      <p className="field-help">
        A new lead is tried against the rules from the top. The first rule it matches whose team has someone available takes it; a lead no
        rule takes goes to the default team. A condition left empty matches every lead.
      </p>
      <ol className="routing-rule-list">
        {routing.rules.map((rule, i) => {
          const at = (field: string) => problems.at(`/rules/${i}/${field}`);
          return (
            <li key={i} className="routing-card" aria-label={`Rule ${i + 1}: ${rule.name}`}>
              <div className="routing-rule-head">
                <strong>Rule {i + 1}</strong>
                <div className="routing-rule-moves">
                  <button
                    type="button"
                    className="button button-light"
                    disabled={i === 0}
                    aria-label={`Move rule ${i + 1} up`}
                    onClick={() => move(i, -1)}
                  >
                    ↑ Up
                  </button>
                  <button
                    type="button"
                    className="button button-light"
                    disabled={i === routing.rules.length - 1}
                    aria-label={`Move rule ${i + 1} down`}
                    onClick={() => move(i, 1)}
                  >
                    ↓ Down
                  </button>
                  <button
                    type="button"
                    className="button button-light"
                    aria-label={`Remove rule ${i + 1}`}
                    onClick={() => change((draft) => void draft.rules.splice(i, 1))}
                  >
                    Remove
                  </button>
                </div>
              </div>
              <RoutingInput
                label="What the rule is for"
                help="The lead’s history names the rule."
                value={rule.name}
                maxLength={100}
                problem={at('name')}
                onChange={(v) => set(i, (r) => (r.name = v))}
              />
              <details className="routing-conditions" open={problems.at(`/rules/${i}/when`) !== undefined}>
                <summary>When: {describeWhen(rule.when, conditions)}</summary>
                {conditions.map((c) => (
                  <MultiChoice
                    key={c.key}
                    legend={c.legend}
                    help={c.help}
                    options={c.options}
                    other={c.other}
                    values={rule.when?.[c.key] ?? []}
                    problem={at(`when/${c.key}`)}
                    onChange={(values) => setCondition(i, c.key, values)}
                  />
                ))}
              </details>
              <RoutingSelect
                label="Goes to"
                value={rule.team ?? NOBODY}
                options={[...teams, { value: NOBODY, label: 'Nobody: keep for the inbox' }]}
                problem={at('team')}
                onChange={(v) => set(i, (r) => (r.team = v === NOBODY ? null : v))}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button-light"
        onClick={() => change((draft) => void draft.rules.push({ name: 'New rule', team: draft.defaultTeam }))}
      >
        Add a rule
      </button>
    </section>
  );
}
