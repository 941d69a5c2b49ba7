import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the server with env, expecting it to refuse; resolves with its exit code and what it printed. */
function startRefused(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  child.stderr.on('data', (data) => (output += data));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('a bad setting stops the start', () => {
  it('names the variable in one line instead of running with NaN', async () => {
    const { code, output } = await startRefused({ FORMS_PER_MINUTE: 'abc' });
    expect(code).toBe(1);
    expect(output).toBe('Configuration: FORMS_PER_MINUTE must be integer (it is "abc")\n');
  }, 40_000);

  it('names every bad variable at once', async () => {
    const { code, output } = await startRefused({ PORT: 'eighty', TRUST_PROXY: 'yes' });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      'Configuration: PORT must be integer (it is "eighty"); TRUST_PROXY must be boolean (it is "yes")',
    ]);
  }, 40_000);
});
