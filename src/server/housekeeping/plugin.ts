import fp from 'fastify-plugin';
import { MAINTENANCE_CALL_TIMEOUT_MS } from '../db/database';
import { sweepExpired } from './sweep-expired';

const SWEEP_EVERY_MS = 10 * 60_000;

/** Every ten minutes, drops what only mattered for a while, and the records past their retention period. */
export default fp(
  async (app) => {
    // A sweep may run long (a first retention run over years of leads): it gets the maintenance deadline.
    const maintenance = app.db.withDeadline(MAINTENANCE_CALL_TIMEOUT_MS);
    const sweep = setInterval(
      () =>
        sweepExpired(maintenance, app.config.dataDir, {
          retention: app.siteConfig.privacy.retention,
          unclaimedUploadMinutes: app.config.unclaimedUploadMinutes,
        }).catch((error) => app.log.warn({ error }, 'housekeeping failed')),
      SWEEP_EVERY_MS,
    );
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  // The retention periods come from pages/site.json.
  { name: 'housekeeping', dependencies: ['database', 'site-config'] },
);
