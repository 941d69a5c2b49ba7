/**
 * The stages a job's candidate moves through toward a placement, in the pipeline's order (migration 038 keeps the
 * same order in job_applications.stage_rank). Dropped and Rejected close a candidacy from any stage, with a reason.
 */
export const STAGES = [
  'applied',
  'screened',
  'shortlisted',
  'sent-to-client',
  'interview',
  'offered',
  'joined',
  'dropped',
  'rejected',
] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  applied: 'Applied',
  screened: 'Screened',
  shortlisted: 'Shortlisted',
  'sent-to-client': 'Sent to client',
  interview: 'Interview',
  offered: 'Offered',
  joined: 'Joined',
  dropped: 'Dropped',
  rejected: 'Rejected',
};

/** Stages that end a candidacy without a placement: a move there says why. */
export const CLOSING_STAGES: readonly Stage[] = ['dropped', 'rejected'];
export const needsReason = (stage: Stage) => CLOSING_STAGES.includes(stage);

/** The stage a placement is recorded at: moving there records it, and only one candidate at a time. */
export const JOINED: Stage = 'joined';
/** The stage with a date and time. */
export const INTERVIEW: Stage = 'interview';

/** How a placement's fee is set: a fixed amount, or a share of the candidate's CTC. */
export const FEE_TYPES = ['fixed', 'ctc-share'] as const;
export type FeeType = (typeof FEE_TYPES)[number];
export const FEE_TYPE_LABELS: Record<FeeType, string> = { fixed: 'Fixed fee', 'ctc-share': 'Share of CTC' };

/** How the reports and screens name the placements no franchise city made. */
export const HEAD_OFFICE = 'Head office';

export const INVOICE_STATUSES = ['to-invoice', 'invoiced', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_LABELS: Record<InvoiceStatus, string> = { 'to-invoice': 'To invoice', invoiced: 'Invoiced', paid: 'Paid' };
