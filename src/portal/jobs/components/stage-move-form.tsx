import { useId, useState, type FormEvent } from 'react';
import { SaveMessage, useSaveResult } from '../../../ui/save-message';
import type { MoveBody, MoveReply } from '../../../shared/api/pipeline';
import { INTERVIEW, JOINED, STAGES, STAGE_LABELS, needsReason, type Stage } from '../../../shared/pipeline-stages';
import { fromIndiaDateTimeInput } from '../../../shared/india-time';
import { emptyPlacement, placementOf, PlacementFields, type PlacementDraft } from './placement-fields';

/** Reasons recruiters give most; any other may be typed. */
const COMMON_REASONS = [
  'Not reachable',
  'Not interested',
  'Salary expectation too high',
  'Not enough experience',
  'Did not attend the interview',
  'Client rejected',
  'Took another offer',
  'Did not join',
];

/** The stage offered first: the one after the candidates' own on the way to Joined, else the first there is. */
function nextStage(current: Stage | undefined, choices: readonly Stage[]): Stage {
  const after = current ? STAGES[STAGES.indexOf(current) + 1] : undefined;
  const next = after && !needsReason(after) && choices.includes(after) ? after : undefined;
  return next ?? choices[0] ?? 'screened';
}

interface StageMoveFormProps {
  /** The candidates to move: one, or those ticked in the list. */
  ids: readonly string[];
  /** Their stage when they share one: it is left out of the choices. */
  current?: Stage;
  /** Where the label says whom it moves: "Ravi Patil" or "3 candidates". */
  who: string;
  move: (body: MoveBody) => Promise<MoveReply>;
  onMoved?: (moved: number, stage: Stage) => void;
  /** Whether Joined is a choice: the staff who work the job record placements. */
  canPlace: boolean;
  /** The title's level: under the screen's title, or in a section of its own. */
  titleLevel?: 2 | 3;
}

/**
 * Moves candidates to a stage, asking what the stage needs: why for Dropped and Rejected, when for an interview,
 * and the placement for Joined (one candidate at a time). What was typed stays when the server refuses it.
 */
export function StageMoveForm({ ids, current, who, move, onMoved, canPlace, titleLevel = 3 }: StageMoveFormProps) {
  const id = useId();
  const single = ids.length === 1;
  const choices = STAGES.filter((s) => s !== current && (s !== JOINED || (single && canPlace)));
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  const [picked, setStage] = useState<Stage>(nextStage(current, choices));
  // After a move the candidate's stage is no longer a choice: the next one is offered.
  const stage = choices.includes(picked) ? picked : nextStage(current, choices);
  const [reason, setReason] = useState('');
  const [interviewAt, setInterviewAt] = useState('');
  const [placement, setPlacement] = useState<PlacementDraft>(emptyPlacement);
  const [busy, setBusy] = useState(false);
  const { result, save } = useSaveResult();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await save(async () => {
      const body: MoveBody = {
        ids: [...ids],
        stage,
        ...(needsReason(stage) ? { reason } : {}),
        ...(stage === INTERVIEW && interviewAt ? { interviewAt: fromIndiaDateTimeInput(interviewAt) } : {}),
        ...(stage === JOINED ? { placement: placementOf(placement) } : {}),
      };
      const { moved } = await move(body);
      setReason('');
      onMoved?.(moved, stage);
      return moved === 1 ? `Moved to ${STAGE_LABELS[stage]}.` : `${moved} moved to ${STAGE_LABELS[stage]}.`;
    });
    setBusy(false);
  }

  return (
    <form className="stage-move" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`} className="stage-move-title">
        Move {who}
      </Title>
      <label htmlFor={`${id}-stage`}>To stage</label>
      <select id={`${id}-stage`} value={stage} onChange={(e) => setStage(e.target.value as Stage)}>
        {choices.map((s) => (
          <option key={s} value={s}>
            {STAGE_LABELS[s]}
          </option>
        ))}
      </select>
      {needsReason(stage) ? (
        <>
          <label htmlFor={`${id}-reason`}>Reason</label>
          <input
            id={`${id}-reason`}
            list={`${id}-reasons`}
            required
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <datalist id={`${id}-reasons`}>
            {COMMON_REASONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
        </>
      ) : null}
      {stage === INTERVIEW ? (
        <>
          <label htmlFor={`${id}-interview`}>Interview (India time)</label>
          <input
            id={`${id}-interview`}
            type="datetime-local"
            required
            value={interviewAt}
            onChange={(e) => setInterviewAt(e.target.value)}
          />
        </>
      ) : null}
      {stage === JOINED ? <PlacementFields value={placement} onChange={setPlacement} /> : null}
      <button type="submit" className="button" disabled={busy || !ids.length}>
        {busy ? 'Moving…' : `Move to ${STAGE_LABELS[stage]}`}
      </button>
      <SaveMessage result={result} />
    </form>
  );
}
