import type { ClockMessage, LeadRouting } from '../../shared/generated/lead-routing';
import { RoutingInput, RoutingSelect, type ChangeRouting, type Problems } from './routing-fields';

/** A number box's text as the document's number: empty stays undefined, so the check says it is missing. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));
const textOf = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '' : String(value));

/** The default team, repeat leads, the response clock, the morning digest and the offline sources. */
export function RoutingSettings({
  routing,
  file,
  problems,
  change,
}: {
  routing: LeadRouting;
  /** The rules of the file: the words a mail starts from when it is switched on. */
  file: LeadRouting | undefined;
  problems: Problems;
  change: ChangeRouting;
}) {
  const clock = routing.responseClock;
  const handsOver = clock.reassignAfterHours !== undefined;
  const remindPercent = Number.isFinite(clock.remindAt) ? String(Math.round(clock.remindAt * 1000) / 10) : '';

  const mail = (key: 'reminder' | 'escalation' | 'reassigned', title: string, help: string) => {
    const message: ClockMessage = clock[key] ?? { subject: '', intro: '' };
    const setMessage = (field: keyof ClockMessage, value: string) =>
      change((draft) => void (draft.responseClock[key] = { ...message, ...draft.responseClock[key], [field]: value }));
    return (
      <fieldset className="routing-card">
        <legend>{title}</legend>
        <small className="field-help">{help}</small>
        <RoutingInput
          label="Subject"
          help="{count} is how many leads it lists."
          value={message.subject}
          maxLength={200}
          problem={problems.at(`/responseClock/${key}/subject`) ?? (message.subject ? undefined : problems.at(`/responseClock/${key}`))}
          onChange={(v) => setMessage('subject', v)}
        />
        <RoutingInput
          label="Opening text"
          multiline
          value={message.intro}
          maxLength={1000}
          problem={problems.at(`/responseClock/${key}/intro`)}
          onChange={(v) => setMessage('intro', v)}
        />
      </fieldset>
    );
  };

  return (
    <>
      <section className="routing-section" aria-labelledby="routing-default">
        <h2 id="routing-default">Leads no rule takes</h2>
        <RoutingSelect
          label="Default team"
          help="Takes every lead no rule takes. When nobody there is available either, the lead waits in the inbox."
          value={routing.defaultTeam}
          options={Object.entries(routing.teams).map(([key, team]) => ({ value: key, label: team.name || key }))}
          problem={problems.at('/defaultTeam')}
          onChange={(v) => change((draft) => void (draft.defaultTeam = v))}
        />
        <RoutingInput
          label="Repeat leads: days"
          help="A lead from someone who sent another within this many days goes to whoever has that one. 0: every lead is routed."
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          className="admin-narrow-input"
          value={textOf(routing.repeatDays)}
          problem={problems.at('/repeatDays')}
          onChange={(v) =>
            change((draft) => {
              const days = numberOf(v);
              if (days === undefined) delete draft.repeatDays;
              else draft.repeatDays = days;
            })
          }
        />
      </section>

      <section className="routing-section" aria-labelledby="routing-clock">
        <h2 id="routing-clock">Response clock</h2>
        <p className="field-help">
          Every lead is promised a reply within the hours the site states. The clock reminds, tells and hands over.
        </p>
        <RoutingInput
          label="Remind the assignee at (% of the promised time)"
          help="75: at hour 18 of a 24-hour promise."
          type="number"
          inputMode="decimal"
          min={1}
          max={99}
          className="admin-narrow-input"
          value={remindPercent}
          problem={problems.at('/responseClock/remindAt')}
          onChange={(v) => change((draft) => void (draft.responseClock.remindAt = (numberOf(v) ?? Number.NaN) / 100))}
        />
        {mail('reminder', 'Reminder', 'To the assignee, listing their leads coming due.')}
        {mail('escalation', 'Escalation', 'To the admins and the team lead, listing the leads past their promise unanswered.')}
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={handsOver}
            onChange={(e) =>
              change((draft) => {
                if (!e.target.checked) return void delete draft.responseClock.reassignAfterHours;
                draft.responseClock.reassignAfterHours = file?.responseClock.reassignAfterHours ?? 36;
                draft.responseClock.reassigned ??= file?.responseClock.reassigned ?? { subject: '', intro: '' };
              })
            }
          />{' '}
          Hand unanswered leads to the next person of their team
        </label>
        {handsOver ? (
          <>
            <RoutingInput
              label="Hand over after (hours after the lead came in)"
              type="number"
              inputMode="numeric"
              min={1}
              max={720}
              className="admin-narrow-input"
              value={textOf(clock.reassignAfterHours)}
              problem={problems.at('/responseClock/reassignAfterHours')}
              onChange={(v) => change((draft) => void (draft.responseClock.reassignAfterHours = numberOf(v) ?? Number.NaN))}
            />
            {mail('reassigned', 'Handed over', 'To whoever a lead is handed to, listing the leads they were given.')}
          </>
        ) : null}
      </section>

      <section className="routing-section" aria-labelledby="routing-digest">
        <h2 id="routing-digest">Morning digest</h2>
        <p className="field-help">Each BDE and franchise BDE gets their To do list by mail every morning (each can turn theirs off).</p>
        <RoutingInput
          label="Time (India, 24-hour)"
          type="time"
          className="admin-narrow-input"
          value={routing.digest.time}
          problem={problems.at('/digest/time')}
          onChange={(v) => change((draft) => void (draft.digest.time = v))}
        />
        <RoutingInput
          label="Subject"
          help="{count} is how many leads it lists."
          value={routing.digest.subject}
          maxLength={200}
          problem={problems.at('/digest/subject')}
          onChange={(v) => change((draft) => void (draft.digest.subject = v))}
        />
        <RoutingInput
          label="Opening text"
          multiline
          value={routing.digest.intro}
          maxLength={1000}
          problem={problems.at('/digest/intro')}
          onChange={(v) => change((draft) => void (draft.digest.intro = v))}
        />
      </section>

      <section className="routing-section" aria-labelledby="routing-sources">
        <h2 id="routing-sources">Offline sources</h2>
        <RoutingInput
          label="Sources staff may give a lead that came offline, one a line"
          help="Lower-case, such as walk-in, job fair, referral. Filters, charts and the CSV show them."
          multiline
          value={(routing.offlineSources ?? []).join('\n')}
          problem={problems.at('/offlineSources')}
          // Lines are kept as typed (a space may come next); blank lines and spaces at the ends go when sent (cleaned).
          onChange={(v) => change((draft) => void (draft.offlineSources = v === '' ? [] : v.split('\n')))}
        />
      </section>
    </>
  );
}

/** The draft as it is sent: offline sources trimmed of blank lines and spaces at their ends. */
export function cleaned(routing: LeadRouting): LeadRouting {
  const sources = (routing.offlineSources ?? []).map((s) => s.trim()).filter(Boolean);
  const { offlineSources: _ignored, ...rest } = routing;
  return sources.length ? { ...rest, offlineSources: sources } : rest;
}
