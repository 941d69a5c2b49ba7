// HTTP for npm run bench:scale: an admin's session, timed requests, and the home page's latency while other work runs.
import { percentile } from './bench-scale-figures';
import { rssMb } from './bench-scale-project';

const REQUEST_TIMEOUT_MS = 120_000;

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

/**
 * The 99th percentile of GET / while work runs, from two visitors loading it one request after another. Requests
 * still waiting when the work ends are waited for: a request stuck behind the work is what this measures.
 */
export async function homeP99While<T>(base: string, work: () => Promise<T>): Promise<{ p99: number; result: T }> {
  let running = true;
  const latencies: number[] = [];
  const visitor = async () => {
    while (running) {
      const start = performance.now();
      const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET / answered ${response.status}`);
      latencies.push(performance.now() - start);
    }
  };
  const visitors = [visitor(), visitor()];
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    await Promise.allSettled(visitors);
  }
  return { p99: percentile(latencies, 99), result };
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
