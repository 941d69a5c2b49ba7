// The server as npm start runs it, in a child process of its own: for what only a real process shows (signals, the
// data directory lock, the control socket).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;
const bundle = join(root, 'dist/server-app/main.js');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Every line the server logged so far. */
  logs: string[];
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * The node flags npm start gives the server (package.json's start script, their one place), so tests, benches and
 * Lighthouse run the process as production does.
 */
export function serverNodeFlags(): string[] {
  const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = /\bnode ((?:--\S+ )*)dist\/server-app\/main\.js/.exec(start)?.[1];
  if (flags === undefined) throw new Error(`package.json's start script does not run dist/server-app/main.js with node: ${start}`);
  return flags.split(' ').filter(Boolean);
}

/** Starts the compiled server (npm run build makes it; without it the TypeScript source) and waits until it listens. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const args = [...serverNodeFlags(), ...(existsSync(bundle) ? [bundle] : [tsx, join(root, 'src/server/main.ts')])];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never listened is stopped here: no test would ever end it.
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${logs.join('\n')}`));
    }, timeoutMs);
    const collect = (data: Buffer) => {
      for (const line of data.toString().split('\n').filter(Boolean)) {
        logs.push(line);
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
        if (listening) {
          clearTimeout(timer);
          resolve(listening);
        }
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before it listened:\n${logs.join('\n')}`));
    });
  });
  return { child, url, logs, exited };
}

/** Runs an npm script's TypeScript file (scripts/*.ts) to its end. */
export function runScript(script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, join(root, 'scripts', script), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => (stdout += data));
    child.stderr.on('data', (data) => (stderr += data));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not finish within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Resolves with what happened first: the promise, or the time running out. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
