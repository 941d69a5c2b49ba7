import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirInUseError, lockDataDir } from '../../src/server/db/data-dir-lock';
import { openDatabase } from '../../src/server/db/database';
import { StartupError } from '../../src/server/db/db-errors';

const root = new URL('../..', import.meta.url).pathname;
const quiet = { warn: () => undefined, error: () => undefined };
const dirs: string[] = [];
const children: ChildProcess[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hireframe-datadir-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const said = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (stdout.includes(text) ? resolve() : undefined);
      child.stdout!.on('data', check);
      child.on('exit', () => reject(new Error(`exited before saying ${text}: ${stderr}`)));
      check();
    });
  return { child, exited, said, output: () => ({ stdout, stderr }) };
}

describe('one process per data directory', () => {
  it('refuses a directory another live process holds, naming its PID', async () => {
    const dir = freshDir();
    const holder = run(['tests/support/hold-data-dir.ts', dir]);
    await holder.said('locked');
    const error = await lockDataDir(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as DataDirInUseError).pid).toBe(holder.child.pid);
    expect((error as Error).message).toBe(
      `DATA_DIR ${dir} is in use by another Hireframe process (PID ${holder.child.pid}). Stop it first, or run this command against the running server.`,
    );
  }, 30_000);

  it('takes over at once from a holder that was SIGKILLed', async () => {
    const dir = freshDir();
    const holder = run(['tests/support/hold-data-dir.ts', dir]);
    await holder.said('locked');
    holder.child.kill('SIGKILL');
    await holder.exited;
    const started = Date.now();
    const lock = await lockDataDir(dir);
    expect(Date.now() - started).toBeLessThan(2_000);
    await lock.release();
    expect(existsSync(join(dir, 'hireframe.pid'))).toBe(false);
  }, 30_000);

  it('locks PGlite while open and lets it go when closed', async () => {
    const dir = freshDir();
    const db = await openDatabase({ dataDir: dir, log: quiet });
    const other = run(['tests/support/hold-data-dir.ts', dir]);
    expect(await other.exited).not.toBe(0);
    expect(other.output().stderr).toContain(`is in use by another Hireframe process (PID ${process.pid})`);
    await db.close();
    const again = run(['tests/support/hold-data-dir.ts', dir]);
    await again.said('locked');
  }, 60_000);

  it('the server exits with one line when DATA_DIR is in use', async () => {
    const dir = freshDir();
    const holder = run(['tests/support/hold-data-dir.ts', dir]);
    await holder.said('locked');
    const server = run(['src/server/main.ts'], { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toBe(
      `DATA_DIR ${dir} is in use by another Hireframe process (PID ${holder.child.pid}). Stop it first, or run this command against the running server.\n`,
    );
  }, 60_000);
});

describe('a damaged database is never replaced', () => {
  it('refuses a PGlite directory with files but no PG_VERSION, touching nothing', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'pglite', 'base'), { recursive: true });
    writeFileSync(join(dir, 'pglite', 'base', 'keep-me'), 'precious');
    const error = await openDatabase({ dataDir: dir, log: quiet }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `The database in ${join(dir, 'pglite')} is damaged (files present but no PG_VERSION); refusing to create a new one over it. ` +
        'Restore the directory from a backup, or move it away to start with an empty database.',
    );
    expect(readdirSync(join(dir, 'pglite'))).toEqual(['base']);
    // The lock went with the failed open.
    await (await lockDataDir(dir)).release();
  }, 30_000);

  it('reports a corrupt store in one readable line, then the server exits with it', async () => {
    const dir = freshDir();
    const db = await openDatabase({ dataDir: dir, log: quiet });
    await db.close();
    writeFileSync(join(dir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 7));
    const error = await openDatabase({ dataDir: dir, log: quiet }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `The database in ${join(dir, 'pglite')} cannot be opened: database files are incompatible with server. ` +
        'Restore the directory from a backup, or move it away to start with an empty database.',
    );

    const server = run(['src/server/main.ts'], { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toBe(`${(error as Error).message}\n`);
  }, 60_000);
});
