import type { Database } from '../db/database';
import type { RetentionConfig } from '../../shared/generated/site-config';
import { VITALS_WINDOW_DAYS } from '../../shared/web-vitals';
import { enforceRetention } from '../retention/erase-records';
import { foldLeadCounts } from '../leads/count-store';
import { foldLeadDailyCounts } from '../dashboard/trends-store';
import { forgetSpentCaptchas } from '../captcha/store';
import { forgetOldRateLimitWindows } from '../http/rate-limit-window';
import { forgetOldLoginFailures } from '../auth/login-backoff';
import { forgetOldVitals } from '../vitals/store';
import { forgetExpiredRequestAddresses } from '../data-requests/store';
import { sweepUploads } from '../uploads/sweeps';

/** What each feature drops once it only mattered for a while; each owns its SQL, this is only the list. */
const sweeps: ((db: Database) => Promise<void>)[] = [
  foldLeadCounts,
  foldLeadDailyCounts,
  forgetSpentCaptchas,
  forgetOldRateLimitWindows,
  forgetOldLoginFailures,
  (db) => forgetOldVitals(db, VITALS_WINDOW_DAYS + 7),
  forgetExpiredRequestAddresses,
];

/**
 * The periodic clean-up: the records past their retention period (pages/site.json), when given, then every
 * feature's sweep, then the uploads no one claimed (resumable ones too when their lifetime is given).
 */
export async function sweepExpired(
  db: Database,
  dataDir: string,
  { retention, unclaimedUploadMinutes }: { retention?: RetentionConfig; unclaimedUploadMinutes?: number } = {},
) {
  const retained = retention ? await enforceRetention(db, dataDir, retention) : undefined;
  for (const sweep of sweeps) await sweep(db);
  const uploadsRemoved = await sweepUploads(db, dataDir, unclaimedUploadMinutes);
  return { uploadsRemoved, retained };
}
