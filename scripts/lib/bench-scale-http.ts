// HTTP for npm run bench:scale: an admin's session, timed requests, and the home page's latency while other work runs.
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile, type Figure } from './bench-scale-figures';
import { rssMb } from './bench-scale-project';

const REQUEST_TIMEOUT_MS = 120_000;
/** A visitor waits this long for the home page before counting as failed. */
const VISIT_TIMEOUT_MS = 600_000;

/** An error answer as the API words it: "400: This page link is no longer valid …". */
async function failure(response: Response): Promise<Error> {
  const text = await response.text();
  let message = text.slice(0, 120);
  try {
    message = (JSON.parse(text) as { error?: string }).error ?? message;
  } catch {
    // not JSON: keep the text
  }
  return new Error(`${response.status}: ${message}`);
}

export class Session {
  private constructor(
    readonly base: string,
    private readonly cookie: string,
  ) {}

  /** Logs in as the API does for the portal; a GET needs only the session cookie (no CSRF check on reads). */
  static async login(base: string, username: string, password: string): Promise<Session> {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw await failure(response);
    return new Session(
      base,
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
  }

  fetch(path: string, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
    return fetch(`${this.base}${path}`, { headers: { cookie: this.cookie }, signal: AbortSignal.timeout(timeoutMs) });
  }

  /** The JSON answer and how long it took to read all of it. */
  async get<T>(path: string): Promise<{ ms: number; body: T }> {
    const start = performance.now();
    const response = await this.fetch(path);
    if (!response.ok) throw await failure(response);
    const body = (await response.json()) as T;
    return { ms: performance.now() - start, body };
  }
}

/** The 95th percentile of `times` runs of fn (each returning its time in ms), after one untimed warm-up. */
export async function p95(times: number, fn: (i: number) => Promise<number>): Promise<number> {
  await fn(times);
  const samples: number[] = [];
  for (let i = 0; i < times; i++) samples.push(await fn(i));
  return percentile(samples, 95);
}

const ARRIVAL_MS = 50;
const CONNECTIONS = 20;

/**
 * The 99th percentile of GET / while work runs, from a visitor arriving every 50 ms over up to 20 connections. Each
 * is timed from when it arrived, not from when a connection was free to send it: a server that stalls for seconds
 * makes every visitor of those seconds wait, and the figure shows it. Visitors still waiting when the work ends are
 * served and counted.
 */
export async function homeP99While<T>(base: string, work: () => Promise<T>): Promise<{ p99: Figure; result: T }> {
  const arrived: number[] = [];
  const latencies: number[] = [];
  let failures = 0;
  let arriving = true;
  const arrivals = setInterval(() => arrived.push(performance.now()), ARRIVAL_MS);
  const connection = async () => {
    while (arriving || arrived.length) {
      const since = arrived.shift();
      if (since === undefined) {
        await sleep(5);
        continue;
      }
      try {
        const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(VISIT_TIMEOUT_MS) });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - since);
        else failures++;
      } catch {
        failures++;
      }
    }
  };
  const connections = Array.from({ length: CONNECTIONS }, connection);
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(arrivals);
    arriving = false;
    await Promise.all(connections);
  }
  const visits = latencies.length + failures;
  return { p99: failures ? { na: `${failures} of ${visits} GET / failed` } : percentile(latencies, 99), result };
}

export interface CsvFigures {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Downloads the CSV export, sampling the server's resident memory every 100 ms. */
export async function timeCsv(session: Session, pid: number): Promise<CsvFigures> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    try {
      rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
    } catch {
      // the process ended: the download fails and says so
    }
  }, 100);
  try {
    const start = performance.now();
    const response = await session.fetch('/api/leads.csv', 3_600_000);
    if (!response.ok || !response.body) throw await failure(response);
    let firstByteMs: number | undefined;
    let bytes = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      firstByteMs ??= performance.now() - start;
      bytes += read.value.length;
    }
    return { firstByteMs: firstByteMs ?? performance.now() - start, totalMs: performance.now() - start, bytes, rssBeforeMb, rssPeakMb };
  } finally {
    clearInterval(sampler);
  }
}
