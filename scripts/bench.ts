// npm run bench: submissions per second and p99 latency of POST /api/forms/consultation on PGlite, 50 connections,
// beside a bare Fastify endpoint measured in the same run on the same machine; PGlite with fsync on every commit (the
// default) and with fsync off, to show what durability costs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const body = JSON.stringify({
  page: '/it-recruitment',
  data: { name: 'Bench Mark', email: 'bench@example.com', contact: '9876543210', lookingFor: 'Job' },
  captcha: 'x',
});

async function measure(url: string) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration: seconds,
  });
  const ok = result['2xx'];
  return { perSecond: ok / seconds, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

const bare = Fastify();
bare.post('/bare', async () => ({ id: 'x' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

/** The form API on a fresh PGlite directory, fsync on or off. */
async function measureForms(fsync: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-bench-'));
  const config = { ...configFromEnv({}), dataDir, captcha: 'off' as const, formsPerMinute: 1e9, outboxIntervalMs: 0 };
  const db = await openDatabase({ dataDir, fsync });
  const app = await buildApp({ config, site: false, db });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const figures = await measure(`${appUrl}/api/forms/consultation`);
  const [counted] = await app.db.query<{ n: number }>('select count(*)::int as n from submissions');
  if (!counted) throw new Error('Could not count the stored submissions: the count query answered no row.');
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { ...figures, stored: counted.n };
}

console.log(`${connections} connections, ${seconds} s each, embedded PGlite, captcha off, mail queued`);
const bareFigures = await measure(`${bareUrl}/bare`);
const durable = await measureForms(true);
const relaxed = await measureForms(false);

const row = (name: string, f: typeof bareFigures) =>
  `${name.padEnd(40)} ${f.perSecond.toFixed(0).padStart(8)} req/s   p99 ${String(f.p99).padStart(5)} ms   non-2xx ${f.errors}`;
console.log(row('bare Fastify POST', bareFigures));
console.log(row('POST /api/forms/consultation, fsync on', durable));
console.log(row('POST /api/forms/consultation, fsync off', relaxed));
console.log(
  `ratio (consultation / bare): ${(durable.perSecond / bareFigures.perSecond).toFixed(3)} fsync on, ${(relaxed.perSecond / bareFigures.perSecond).toFixed(3)} fsync off`,
);
console.log(`fsync costs ${(100 * (1 - durable.perSecond / relaxed.perSecond)).toFixed(0)} % of throughput`);
console.log(`submissions stored: ${durable.stored} fsync on, ${relaxed.stored} fsync off`);

await bare.close();
