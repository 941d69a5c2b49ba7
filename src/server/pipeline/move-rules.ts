import type { FieldError } from '../../shared/api/error-body';
import type { MoveBody } from '../../shared/api/pipeline';
import { INTERVIEW, JOINED, STAGE_LABELS, needsReason } from '../../shared/pipeline-stages';
import { formatDayLong } from '../../shared/india-time';
import { isCalendarDate } from '../jobs/rules';

/**
 * What a move lacks, field by field: a reason to drop or reject, the interview's time, and for Joined one candidate
 * with a placement that starts on a real date, not before they applied (`appliedOn`, YYYY-MM-DD in India).
 */
export function moveErrors(body: MoveBody, appliedOn: string | undefined): FieldError[] {
  const { ids, stage, placement } = body;
  const errors: FieldError[] = [];
  if (needsReason(stage) && !body.reason?.trim())
    errors.push({ field: 'reason', message: `Say why the candidate is ${STAGE_LABELS[stage].toLowerCase()}.` });
  if (stage === INTERVIEW && !body.interviewAt) errors.push({ field: 'interviewAt', message: 'Give the date and time of the interview.' });
  if (stage !== JOINED) return errors;
  if (ids.length > 1) errors.push({ field: 'ids', message: 'Move one candidate at a time to Joined: each placement has its own details.' });
  if (!placement) errors.push({ field: 'placement', message: 'Give the joining date, CTC and fee of the placement.' });
  else if (!isCalendarDate(placement.joiningDate))
    errors.push({ field: 'placement.joiningDate', message: 'Give the joining date as a real date.' });
  else if (appliedOn && placement.joiningDate < appliedOn)
    errors.push({
      field: 'placement.joiningDate',
      message: `The joining date comes before the candidate applied, on ${formatDayLong(appliedOn)}.`,
    });
  return errors;
}
