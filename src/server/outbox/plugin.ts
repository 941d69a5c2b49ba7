import fp from 'fastify-plugin';
import type { FormDefinition } from '../../shared/generated/form-definition';
import { createOutboxWorker, isForwardConfigured, type OutboxWorker } from './worker';
import { forwardVariables } from './forward-variables';
import { isFirestoreConfigured } from '../firestore/firestore-config';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
  }
}

/**
 * "SHEET_CHENNAI_URL (chennai-registration), …": the forwards of the forms whose endpoint variable is not set, and the
 * forms copied to Firestore while FIRESTORE_PROJECT_ID is not.
 */
function unconfiguredForwards(definitions: FormDefinition[], env: Record<string, string | undefined>) {
  const missing = new Map<string, string[]>();
  const note = (variable: string, formId: string) => missing.set(variable, [...(missing.get(variable) ?? []), formId]);
  for (const definition of definitions) {
    for (const target of definition.submit.targets) {
      if (target.type === 'firestore') {
        if (!isFirestoreConfigured(env)) note('FIRESTORE_PROJECT_ID', definition.id);
        continue;
      }
      for (const variable of forwardVariables(target)) if (!isForwardConfigured(env, variable)) note(variable, definition.id);
    }
  }
  return [...missing].map(([name, formIds]) => `${name} (${formIds.join(', ')})`);
}

/** Runs the outbox worker that sends mail and forwards records; outboxIntervalMs 0 leaves it to app.outbox.runOnce(). */
export default fp(
  async (app) => {
    const log = app.log.child({ component: 'outbox' });
    const worker = createOutboxWorker({ db: app.db, config: app.config, log });
    app.decorate('outbox', worker);
    // Said once here rather than as a failure at every retry: such forwards wait in the outbox until the variable is set.
    const unconfigured = unconfiguredForwards(
      // An alias lists its form again under an old id: each form is counted once, under its own.
      [...app.formCatalog.forms.values()].filter((form) => !form.aliasOf).map((form) => form.definition),
      app.config.env,
    );
    if (unconfigured.length) log.info(`forwards waiting in the outbox until their variable is set: ${unconfigured.join('; ')}`);
    const intervalMs = (app.config as { outboxIntervalMs?: number }).outboxIntervalMs ?? 5000;
    if (intervalMs > 0) app.addHook('onReady', async () => worker.start(intervalMs));
    // Registered after the database plugin, so this runs before the database closes.
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'outbox', dependencies: ['database', 'forms'] },
);
