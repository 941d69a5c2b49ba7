import { rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { startServerProcess, within, type ServerProcess } from '../support/server-process';
import { startedDataDir } from '../support/test-server';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverOn(env: Record<string, string> = {}) {
  const dataDir = startedDataDir();
  const server = await startServerProcess({ DATA_DIR: dataDir, CAPTCHA: 'off', OUTBOX_INTERVAL_MS: '0', ...env });
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => server.child.exitCode === null && server.child.kill('SIGKILL'));
  return { server, dataDir };
}

const answer = (response: IncomingMessage) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    let body = '';
    response.on('data', (chunk) => (body += chunk));
    response.on('end', () => resolve({ status: response.statusCode!, body }));
    response.on('error', reject);
  });

/** Whether a new TCP connection to the server is accepted. */
const accepts = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024, 'x'), Buffer.from('\n%%EOF\n')]);

/** An upload whose body arrives in two halves: the second only when send() is called. */
function slowUpload(url: string) {
  const boundary = 'hireframe-shutdown-test';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="kind"\r\n\r\nresume\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cv.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
  );
  const body = Buffer.concat([head, pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const half = Math.floor(body.length / 2);
  const req = request(`${url}/api/uploads`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => req.once('response', resolve).once('error', reject));
  req.write(body.subarray(0, half));
  return { response, send: () => req.end(body.subarray(half)) };
}

/** Waits until the server has logged `count` lines containing `text`. */
const logged = (server: ServerProcess, text: string, count: number) =>
  within(
    (async () => {
      while (server.logs.filter((line) => line.includes(text)).length < count) await new Promise((resolve) => setTimeout(resolve, 25));
    })(),
    15_000,
    `${count} log lines with ${text}`,
  );

async function signalAndWait(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  server.child.kill(signal);
  return within(server.exited, 25_000, 'exit after the signal');
}

describe('shutdown on SIGTERM and SIGINT', () => {
  it('stops taking connections, lets requests under way finish, and exits 0', async () => {
    const { server } = await serverOn();
    // Requests the server has received when the signal comes: each must get its answer, none a reset connection.
    const uploads = Array.from({ length: 3 }, () => slowUpload(server.url));
    const pages = Array.from({ length: 20 }, () => fetch(`${server.url}/`).then(async (r) => (await r.text(), r.status)));
    await logged(server, '"url":"/api/uploads"', uploads.length);
    await logged(server, '"url":"/",', pages.length);
    server.child.kill('SIGTERM');
    await logged(server, 'draining', 1);
    // The listener closes as the server starts closing, just after that line; a loaded machine may take a moment.
    // The uploads are still held open meanwhile, so it closes while requests are under way.
    await expect.poll(() => accepts(server.url)).toBe(false);
    for (const upload of uploads) upload.send();
    for (const upload of uploads) {
      const uploaded = await answer(await within(upload.response, 10_000, 'the upload answer'));
      expect(uploaded.status).toBe(201);
      expect(JSON.parse(uploaded.body)).toMatchObject({ size: pdf.length, type: 'application/pdf' });
    }
    expect(await Promise.all(pages)).toEqual(pages.map(() => 200));
    expect(await within(server.exited, 20_000, 'exit')).toBe(0);
  }, 90_000);

  it('exits on SIGINT too, releasing the data directory for the next process', async () => {
    const { server, dataDir } = await serverOn();
    expect(await signalAndWait(server, 'SIGINT')).toBe(0);
    const db = await openDatabase({ dataDir });
    await db.close();
  }, 90_000);

  describe('the outbox', () => {
    let sheet: Server;
    const received: string[] = [];
    let release: (() => void) | undefined;
    /** A spreadsheet endpoint that answers only when told to. */
    async function startSheet() {
      received.length = 0;
      sheet = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          received.push(body);
          release = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
      });
      await new Promise<void>((resolve) => sheet.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => {
        sheet.closeAllConnections();
        return new Promise((resolve) => sheet.close(resolve));
      });
      return `http://127.0.0.1:${(sheet.address() as { port: number }).port}/`;
    }

    async function registerInChennai(url: string) {
      const response = await fetch(`${url}/api/forms/chennai-registration`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          page: '/franchise/chennai',
          captcha: 'x',
          data: { name: 'Lakshmi S', email: 'lakshmi@example.com', phone: '9876543210', type: 'student', industry: 'IT/Software' },
        }),
      });
      expect(response.status).toBe(201);
    }

    async function sheetRow(dataDir: string) {
      const db = await openDatabase({ dataDir });
      try {
        const [row] = await db.query<{ sent_at: Date | null; locked_until: Date | null; attempts: number }>(
          "select sent_at, locked_until, attempts from outbox where kind = 'sheet'",
        );
        return row;
      } finally {
        await db.close();
      }
    }

    const waitForDelivery = () =>
      within(
        (async () => {
          while (!received.length) await new Promise((resolve) => setTimeout(resolve, 50));
        })(),
        20_000,
        'the forward to reach the sheet',
      );

    it('finishes the delivery it holds before exiting: sent once, marked sent', async () => {
      const url = await startSheet();
      const { server, dataDir } = await serverOn({ OUTBOX_INTERVAL_MS: '100', SHEET_CHENNAI_URL: url });
      await registerInChennai(server.url);
      await waitForDelivery();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.child.exitCode).toBeNull();
      release!();
      expect(await within(server.exited, 20_000, 'exit')).toBe(0);
      expect(received).toHaveLength(1);
      expect(await sheetRow(dataDir)).toMatchObject({ sent_at: expect.any(Date), locked_until: null });
    }, 90_000);

    it('releases the lease of a delivery that outlasts the grace, so the next process sends it at once', async () => {
      const url = await startSheet();
      const { server, dataDir } = await serverOn({ OUTBOX_INTERVAL_MS: '100', SHEET_CHENNAI_URL: url });
      await registerInChennai(server.url);
      await waitForDelivery();
      expect(await signalAndWait(server)).toBe(0);
      expect(server.logs.some((line) => line.includes('released for the next run'))).toBe(true);
      expect(await sheetRow(dataDir)).toMatchObject({ sent_at: null, locked_until: null });
    }, 90_000);
  });
});
