import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { FirestoreServer } from '@firestore-emulator/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFirestore, type FirestoreConnection } from '../../src/server/firestore/firestore-client';
import { importFirestoreLeads } from '../../src/server/firestore/import-leads';
import { databaseKinds, startedDataDir, startTestServer } from '../support/test-server';
import { first } from '../support/present';
import { runScript } from '../support/server-process';

// The company's earlier site kept its leads in Firestore. Against a Firestore emulator that runs offline
// (@firestore-emulator/server, reached by firebase-admin through FIRESTORE_EMULATOR_HOST): the leads come over once,
// and new ones are copied back in the same shape through the outbox, waiting while Firestore is down.
const PROJECT = 'demo-hireframe';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(databaseKinds)('Firestore, both ways, on %s', (kind) => {
  let emulator: FirestoreServer;
  let port: number;
  let env: Record<string, string>;
  let client: FirestoreConnection;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;

  beforeAll(async () => {
    port = await freePort();
    emulator = new FirestoreServer();
    await emulator.start(port);
    // firebase-admin reads the emulator's address from the process environment.
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    env = { FIRESTORE_PROJECT_ID: PROJECT, FIRESTORE_EMULATOR_HOST: `127.0.0.1:${port}` };
    const connection = await connectFirestore(env);
    if (!connection) throw new Error('Firestore is configured here');
    client = connection;
    server = await startTestServer({
      kind,
      site: false,
      config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000, outboxDeliveryTimeoutMs: 2000, env },
      logger: { level: 'error' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await client?.close();
    emulator?.stop();
    if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
  });

  /** As the earlier site saved a lead: add the document, then write it again with docId and postDateTime. */
  async function seed(collection: string, fields: Record<string, string>, postDateTime: string) {
    const ref = await client.firestore.collection(collection).add(fields);
    await ref.set({ docId: ref.id, postDateTime }, { merge: true });
    return ref.id;
  }
  const imported = () =>
    server.db.query<{ form_id: string; data: Record<string, string>; created_at: Date; imported_from: string }>(
      `select form_id, data, created_at, imported_from from submissions where imported_from is not null order by created_at`,
    );

  it('imports the seed’s leads once, each as its form, at its own time; a second run adds nothing', async () => {
    const asha = await seed(
      'ConsultationRequests',
      { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210', lookingFor: 'Job' },
      '2025-03-04T05:06:07.000Z',
    );
    await seed(
      'ConsultationRequests',
      { name: 'Ravi Kumar', email: 'ravi@example.com', contact: '9123456780', district: 'Guntur', lookingFor: 'Candidate' },
      '2025-04-01T10:00:00.000Z',
    );
    const broken = await seed('ConsultationRequests', { name: 'No Address', contact: '12' }, '2025-04-02T10:00:00.000Z');
    await seed(
      'ContactForms',
      { name: 'Meera Nair', email: 'meera@example.com', phone: '9988776655', subject: 'Bulk hiring', message: 'Forty operators.' },
      '2025-05-06T07:08:09.000Z',
    );

    const report = await importFirestoreLeads(server.db, client.firestore, server.app.formCatalog);
    expect(report).toMatchObject({ imported: 3, alreadyImported: 0, ownCopies: 0 });
    expect(report.refused.map((r) => r.document)).toEqual([`ConsultationRequests/${broken}`]);
    expect((await imported()).map((r) => [r.form_id, r.data.name, r.created_at.toISOString()])).toEqual([
      ['consultation', 'Asha Rao', '2025-03-04T05:06:07.000Z'],
      ['consultation-district', 'Ravi Kumar', '2025-04-01T10:00:00.000Z'],
      ['contact', 'Meera Nair', '2025-05-06T07:08:09.000Z'],
    ]);
    const [earliest] = await imported();
    expect(earliest?.imported_from).toBe(`firestore:ConsultationRequests/${asha}`);
    // Imported leads are old news: no mail or forward goes out for them.
    expect(await server.db.query('select 1 from outbox')).toEqual([]);

    const again = await importFirestoreLeads(server.db, client.firestore, server.app.formCatalog);
    expect(again).toMatchObject({ imported: 0, alreadyImported: 3, ownCopies: 0 });
    expect(await imported()).toHaveLength(3);
  });

  it('copies a new lead into its collection with docId and postDateTime, waiting while Firestore is down', async () => {
    const submit = async (form: string, page: string, data: Record<string, string>) => {
      const response = await server.app.inject({ method: 'POST', url: `/api/forms/${form}`, payload: { page, data, captcha: 'x' } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const firestoreRows = () =>
      server.db.query<{ id: string; sent_at: Date | null; attempts: number }>(
        `select id, sent_at, attempts from outbox where kind = 'firestore' order by id`,
      );

    const id = await submit('consultation', '/it-recruitment', {
      name: 'Kiran Desai',
      email: 'kiran@example.com',
      contact: '9876501234',
      lookingFor: 'Candidate',
    });
    await server.app.outbox.runOnce();
    const copy = await client.firestore.collection('ConsultationRequests').doc(id).get();
    const [stored] = await server.db.query<{ created_at: Date }>('select created_at from submissions where id = $1', [id]);
    expect(copy.data()).toEqual({
      name: 'Kiran Desai',
      email: 'kiran@example.com',
      contact: '+919876501234',
      lookingFor: 'Candidate',
      docId: id,
      postDateTime: stored?.created_at.toISOString(),
    });
    // The import knows the site's own copies: nothing comes back twice.
    expect(await importFirestoreLeads(server.db, client.firestore, server.app.formCatalog)).toMatchObject({ imported: 0, ownCopies: 1 });

    // Firestore goes away: the copy waits in the outbox as a failed attempt, and goes once it is back.
    emulator.stop();
    const contact = await submit('contact', '/about', {
      name: 'Vikram Shah',
      email: 'vikram@example.com',
      phone: '9123456780',
      subject: 'Pune plant',
      message: 'We need 40 machine operators.',
    });
    await server.app.outbox.runOnce();
    const waiting = first(
      (await firestoreRows()).filter((r) => !r.sent_at),
      'the copy waiting in the outbox',
    );
    expect(waiting.attempts).toBe(1);

    emulator = new FirestoreServer();
    await emulator.start(port);
    await server.db.query('update outbox set next_attempt_at = now() where id = $1', [waiting.id]);
    await server.app.outbox.runOnce();
    expect((await firestoreRows()).every((r) => r.sent_at)).toBe(true);
    const delivered = await client.firestore.collection('ContactForms').doc(contact).get();
    expect(delivered.data()).toMatchObject({ name: 'Vikram Shah', subject: 'Pune plant', docId: contact });
  });

  it('an erasure deletes the lead’s Firestore documents too: the copy the site wrote and the one it was imported from', async () => {
    const erase = async (email: string) => {
      const asked = await server.app.inject({
        method: 'POST',
        url: '/api/data-requests',
        payload: { page: '/your-data', data: { kind: 'erasure', contact: email }, captcha: 'x' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      // No mail transport here: the confirmation waits in the outbox, link and all.
      const [mail] = await server.db.query<{ payload: { html: string } }>(
        `select payload from outbox where kind = 'ack' and payload->'to' ? $1 order by id desc limit 1`,
        [email],
      );
      const link = first(mail?.payload.html.match(/\/your-data\/confirm\?token=[\w-]+/) ?? [], 'the confirmation link');
      const erased = await server.app.inject({
        method: 'POST',
        url: link,
        payload: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(erased.body).toContain('Your data is erased');
    };
    const priya = await seed(
      'ConsultationRequests',
      { name: 'Priya Menon', email: 'priya@example.com', contact: '9876512345', lookingFor: 'Job' },
      '2025-07-01T00:00:00.000Z',
    );
    await importFirestoreLeads(server.db, client.firestore, server.app.formCatalog);
    const arjun = await server.app.inject({
      method: 'POST',
      url: '/api/forms/consultation',
      payload: {
        page: '/it-recruitment',
        data: { name: 'Arjun Iyer', email: 'arjun@example.com', contact: '9876598765', lookingFor: 'Candidate' },
        captcha: 'x',
      },
    });
    await server.app.outbox.runOnce();
    const importedDoc = client.firestore.collection('ConsultationRequests').doc(priya);
    const copiedDoc = client.firestore.collection('ConsultationRequests').doc(arjun.json().id);
    expect((await importedDoc.get()).exists).toBe(true);
    expect((await copiedDoc.get()).exists).toBe(true);

    await erase('priya@example.com');
    await erase('arjun@example.com');
    await server.app.outbox.runOnce();
    expect((await importedDoc.get()).exists).toBe(false);
    expect((await copiedDoc.get()).exists).toBe(false);
    // The deletions name no one: only collections and document ids passed through the outbox.
    expect(await server.db.query(`select 1 from outbox where payload::text ilike any(array['%priya%', '%arjun%'])`)).toEqual([]);
  });

  it('npm run import:firestore brings the leads into the database npm start uses', async () => {
    if (kind !== 'pglite') return;
    await seed(
      'ConsultationRequests',
      { name: 'Lakshmi Naidu', email: 'lakshmi@example.com', contact: '9988776655', lookingFor: 'Job' },
      '2025-06-01T00:00:00.000Z',
    );
    const dataDir = startedDataDir();
    try {
      const run = () => runScript('import-firestore.ts', [], { ...env, DATA_DIR: dataDir });
      expect((await run()).stdout).toMatch(/Imported [1-9]\d* leads; 0 were imported before/);
      expect((await run()).stdout).toMatch(/Imported 0 leads; [1-9]\d* were imported before/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
