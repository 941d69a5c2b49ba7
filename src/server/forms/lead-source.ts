import { Compile } from 'typebox/compile';
import { Attribution } from '../../shared/api/forms';

const attributionCheck = Compile(Attribution);

/** The longest source kept: a word for a filter menu and a chart's legend. */
const SOURCE_MAX = 60;

/**
 * The attribution a submission sent, or null when it sent none or one the schema refuses: a visitor's browser that
 * kept it wrong (an old or tampered copy) costs the lead its campaign, never the lead itself.
 */
export function checkedAttribution(sent: unknown): Attribution | null {
  return sent !== undefined && attributionCheck.Check(sent) ? sent : null;
}

/**
 * A lead's source as it arrives, as migration 027 defines it (staff may set an offline one later): the first visit's
 * utm_source, else the host of the site that sent it (without www.), else direct. Lower-case, short.
 */
export function arrivalSource(attribution: Attribution | null): string {
  const first = attribution?.first;
  const named = first?.utm_source?.trim() || first?.referrer?.replace(/^www\./i, '');
  return (named || 'direct').toLowerCase().replace(/\s+/g, ' ').slice(0, SOURCE_MAX);
}
