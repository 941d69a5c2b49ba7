import type { QuotaRefusal } from './store';

/** What a visitor reads when an upload is refused, the same for a single POST and a resumable upload. */
export const tooLarge = (maxBytes: number) => `The file is larger than ${maxBytes / (1024 * 1024)} MB.`;

const inMinutes = (seconds: number) => (seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** One sender's quota (their own uploads expire or get sent), or the site as a whole being full. */
export function quotaMessage(quota: QuotaRefusal): string {
  if (quota.scope === 'global') return 'We cannot accept files right now. Please try again later.';
  return `You have uploaded a lot of files that no form has used yet. Please send your form, or try again in ${inMinutes(quota.retryAfter)}.`;
}
