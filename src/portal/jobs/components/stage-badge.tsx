import type { CandidateState } from '../../../shared/api/pipeline';
import { STAGE_LABELS } from '../../../shared/pipeline-stages';
import { formatDateTime } from '../../../shared/india-time';

/** A candidate's stage, with the interview's time or the reason they left beside it. */
export function StageBadge({ state }: { state: Pick<CandidateState, 'stage' | 'interviewAt' | 'closedReason'> }) {
  return (
    <span className="stage-line">
      <span className={`status-badge stage-${state.stage}`}>{STAGE_LABELS[state.stage]}</span>
      {state.interviewAt ? <span className="stage-detail">{formatDateTime(state.interviewAt)}</span> : null}
      {state.closedReason ? <span className="stage-detail">{state.closedReason}</span> : null}
    </span>
  );
}
