import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { Firestore } from 'firebase-admin/firestore';
import type { FirestorePayload, ForwardPayload } from './outbox-row';
import { isFirestoreConfigured } from '../firestore/firestore-config';
import { connectFirestore, type FirestoreConnection } from '../firestore/firestore-client';
import { createMailer, type MailTransport } from './mailer';
import { claimDueRows, markFailed, markSent, releaseLeases, type ClaimedRow } from './store';

/** How long a claimed row belongs to one worker; every delivery times out well within it. */
const LEASE_SECONDS = 60;
const BATCH_SIZE = 10;

export interface OutboxWorker {
  /** Delivers every row that is due now. */
  runOnce(): Promise<{ sent: number; failed: number }>;
  start(intervalMs: number): void;
  /**
   * Stops the timer and lets a batch in progress finish; rows still undelivered after graceMs have their lease
   * released, so another process takes them at once instead of after the lease.
   */
  stop(graceMs?: number): Promise<void>;
}

export interface OutboxWorkerOptions {
  db: Database;
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'env' | 'outboxDeliveryTimeoutMs'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Instead of SMTP from config.smtpUrl. */
  transport?: MailTransport;
}

/** A forward's endpoint variable holds an http(s) address; until it does, its rows wait without counting as failures. */
export function isForwardConfigured(env: ServerConfig['env'], urlEnv: string) {
  return /^https?:\/\//.test(env[urlEnv] ?? '');
}

/** POSTs the record to the endpoint its environment variable names, read now so a changed address applies. */
async function forward({ urlEnv, body, success }: ForwardPayload, env: ServerConfig['env'], timeoutMs: number) {
  const url = env[urlEnv];
  if (!url) throw new Error(`${urlEnv} is not set`);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The address may hold a key, so errors name the variable, never the URL.
  if (!response.ok) throw new Error(`${urlEnv} answered HTTP ${response.status}`);
  if (success === 'created-one') {
    const answer = (await response.json().catch(() => null)) as { created?: unknown } | null;
    if (answer?.created !== 1) throw new Error(`${urlEnv} answered without created: 1`);
  } else {
    await response.body?.cancel().catch(() => undefined);
  }
}

/**
 * Writes a record's copy into its Firestore collection, under the record's own id, so a retry rewrites it in place;
 * or deletes a document of an erased lead.
 */
async function mirror(firestore: Firestore, { collection, docId, document }: FirestorePayload, timeoutMs: number) {
  const doc = firestore.collection(collection).doc(docId);
  const write = document ? doc.set(document, { merge: true }) : doc.delete();
  // The client retries an unreachable Firestore for a minute by itself; the outbox's backoff takes over sooner.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Firestore did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  write.catch(() => undefined);
  try {
    await Promise.race([write, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createOutboxWorker({ db, config, log, transport }: OutboxWorkerOptions): OutboxWorker {
  const ownTransport = !transport && config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : undefined;
  const mailer = transport ?? ownTransport;
  if (!mailer) log.warn('SMTP_URL is not set: mail waits in the outbox');
  // Connected with the first copy to write.
  const withFirestore = isFirestoreConfigured(config.env);
  let firestore: Promise<FirestoreConnection | null> | undefined;
  const firestoreConnection = () =>
    (firestore ??= connectFirestore(config.env).catch((error: unknown) => {
      firestore = undefined; // tried again with the next copy, as a failed delivery is
      throw error;
    }));

  // Read at each claim, as forward() reads the address: a variable set later applies to rows already queued.
  const forwardEnvs = () => Object.keys(config.env).filter((name) => isForwardConfigured(config.env, name));
  const claim = () =>
    claimDueRows(db, {
      leaseSeconds: LEASE_SECONDS,
      withMail: Boolean(mailer),
      forwardEnvs: forwardEnvs(),
      withFirestore,
      limit: BATCH_SIZE,
    });

  async function deliver(row: ClaimedRow): Promise<boolean> {
    inFlight.add(String(row.id));
    try {
      return await attempt(row);
    } finally {
      inFlight.delete(String(row.id));
    }
  }

  async function attempt(row: ClaimedRow): Promise<boolean> {
    try {
      if (row.kind === 'email' || row.kind === 'ack') {
        if (!mailer) throw new Error('SMTP_URL is not set');
        await mailer.send(row.payload);
      } else if (row.kind === 'firestore') {
        const connection = await firestoreConnection();
        if (!connection) throw new Error('FIRESTORE_PROJECT_ID is not set');
        await mirror(connection.firestore, row.payload, config.outboxDeliveryTimeoutMs);
      } else await forward(row.payload as ForwardPayload, config.env, config.outboxDeliveryTimeoutMs);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts + 1, err: message }, 'outbox delivery failed');
      await markFailed(db, row.id, message);
      return false;
    }
    await markSent(db, row.id);
    return true;
  }

  async function runOnce() {
    const total = { sent: 0, failed: 0 };
    for (;;) {
      const rows = await claim();
      // Deliveries in a batch run side by side so the whole batch ends within the lease.
      const results = await Promise.all(rows.map(deliver));
      for (const ok of results) total[ok ? 'sent' : 'failed']++;
      // A server shutting down takes no further batch once this one is done.
      if (rows.length < BATCH_SIZE || draining) return total;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let draining = false;
  const inFlight = new Set<string>();

  function schedule(intervalMs: number) {
    timer = setTimeout(() => {
      running = runOnce()
        .then(({ sent, failed }) => {
          if (sent || failed) log.info({ sent, failed }, 'outbox batch');
        })
        .catch((error) => log.error({ err: error }, 'outbox batch failed'))
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(intervalMs);
        });
    }, intervalMs);
  }

  return {
    runOnce,
    start(intervalMs) {
      if (!stopped) return;
      stopped = false;
      draining = false;
      schedule(intervalMs);
    },
    async stop(graceMs = 5000) {
      stopped = true;
      draining = true;
      clearTimeout(timer);
      let graceTimer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        running?.then(() => false),
        new Promise<boolean>((resolve) => (graceTimer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(graceTimer);
      if (late && inFlight.size) {
        const ids = [...inFlight];
        await releaseLeases(db, ids);
        log.warn({ outboxIds: ids }, 'outbox deliveries still under way at shutdown: released for the next run');
      }
      ownTransport?.close();
      await (await firestore)?.close();
    },
  };
}
