import type { RoutingChoices } from '../../shared/api/lead-routing';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { MultiChoice, RoutingInput, RoutingSelect, type Option, type RoutingSectionProps } from './routing-fields';

type Team = LeadRouting['teams'][string];

export const ROLE_NAMES: Record<string, string> = { BDE: 'BDEs (head office)', FBDE: 'Franchise BDEs' };

/** A new team's key: from its name, unlike any other's. Staff never see it; the rules name the team by it. */
export function newTeamKey(name: string, taken: string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 32) || 'team';
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}-${n}`;
  return key;
}

export const personLabel = (p: RoutingChoices['people'][number]) =>
  `${p.fullName} (${p.username}, ${p.role}${p.city ? `, ${p.city}` : ''})`;

/** The teams leads go to: who is in each (named people, everyone with a role, or both), and who leads it. */
export function RoutingTeams({ routing, choices, problems, change }: RoutingSectionProps) {
  const people: Option[] = choices.people.map((p) => ({ value: p.username, label: personLabel(p) }));
  const roles: Option[] = choices.roles.map((r) => ({ value: r, label: ROLE_NAMES[r] ?? r }));
  const used = (key: string) => (routing.defaultTeam === key ? 'the default team' : routing.rules.find((rule) => rule.team === key)?.name);
  const set = (key: string, edit: (team: Team) => void) =>
    change((draft) => {
      const team = draft.teams[key];
      if (team) edit(team);
    });

  return (
    <section className="routing-section" aria-labelledby="routing-teams">
      <h2 id="routing-teams">Teams</h2>
      <p className="field-help">
        A team is the people a lead can go to, in turn. Name people, take everyone with a role, or both; people who are deactivated or away
        are skipped.
      </p>
      {Object.entries(routing.teams).map(([key, team]) => {
        const at = (field: string) => problems.at(`/teams/${key}/${field}`);
        const usedBy = used(key);
        return (
          <fieldset key={key} className="routing-card">
            <legend>{team.name || 'New team'}</legend>
            <RoutingInput
              label="Team name"
              value={team.name}
              maxLength={100}
              problem={at('name')}
              onChange={(v) => set(key, (t) => (t.name = v))}
            />
            <MultiChoice
              legend="Everyone with the role"
              options={roles}
              values={team.roles ?? []}
              problem={at('roles')}
              onChange={(values) =>
                set(key, (t) => {
                  if (values.length) t.roles = values as Team['roles'];
                  else delete t.roles;
                })
              }
            />
            <MultiChoice
              legend="Named people"
              help="Active BDEs and franchise BDEs."
              options={people}
              values={team.members ?? []}
              problem={at('members')}
              onChange={(values) =>
                set(key, (t) => {
                  if (values.length) t.members = values;
                  else delete t.members;
                })
              }
            />
            <label className="admin-checkbox routing-same-city">
              <input
                type="checkbox"
                checked={team.sameCity ?? false}
                onChange={(e) =>
                  set(key, (t) => {
                    if (e.target.checked) t.sameCity = true;
                    else delete t.sameCity;
                  })
                }
              />{' '}
              Only people of the lead’s city (a franchise city’s team)
            </label>
            <RoutingSelect
              label="Team lead"
              help="Told when one of the team’s leads goes unanswered."
              value={team.lead ?? ''}
              options={[{ value: '', label: 'Nobody' }, ...people]}
              problem={at('lead')}
              onChange={(v) =>
                set(key, (t) => {
                  if (v) t.lead = v;
                  else delete t.lead;
                })
              }
            />
            <div className="button-row">
              <button
                type="button"
                className="button button-light"
                disabled={usedBy !== undefined}
                title={usedBy ? `Used by ${usedBy}` : undefined}
                onClick={() => change((draft) => void delete draft.teams[key])}
              >
                Remove team
              </button>
              {usedBy ? (
                <small className="field-help">Used by {usedBy === 'the default team' ? usedBy : `the rule “${usedBy}”`}.</small>
              ) : null}
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button button-light"
        onClick={() => change((draft) => void (draft.teams[newTeamKey('New team', Object.keys(draft.teams))] = { name: 'New team' }))}
      >
        Add a team
      </button>
    </section>
  );
}
