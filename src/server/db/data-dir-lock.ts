import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

/** Another live process holds the data directory: two PGlite instances on one directory corrupt it. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid?: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Hireframe process${pid ? ` (PID ${pid})` : ''}. ` +
        'Stop it first, or run this command against the running server.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

// The holder refreshes the lock's mtime every 10 s; a lock untouched for 30 s is stale. Generous, because a busy
// event loop (a large JSON body, a burst of renders) can delay the refresh.
const STALE_MS = 30_000;

/** Locks this process holds, counted, so a script holding the lock can still open the database through it. */
const held = new Map<string, { count: number; release: () => Promise<void> }>();

const lockPath = (dir: string) => join(dir, 'hireframe.lock');
const pidPath = (dir: string) => join(dir, 'hireframe.pid');

function recordedPid(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidPath(dir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function acquire(dir: string): Promise<() => Promise<void>> {
  const take = () =>
    lockfile.lock(dir, {
      lockfilePath: lockPath(dir),
      realpath: false,
      stale: STALE_MS,
      update: STALE_MS / 3,
      onCompromised: (error) => console.error(`The lock on DATA_DIR ${dir} was lost: ${error.message}`),
    });
  try {
    return await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const pid = recordedPid(dir);
    // After a SIGKILL the lock stays fresh for up to STALE_MS; a dead holder (or our own PID recorded by a previous
    // container that this process is not) must not make a restart wait for it.
    const holderGone = pid !== undefined && (pid === process.pid ? !held.has(dir) : !isAlive(pid));
    if (!holderGone) throw new DataDirInUseError(dir, pid);
    rmSync(lockPath(dir), { recursive: true, force: true });
    try {
      return await take();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dir, recordedPid(dir));
      throw again;
    }
  }
}

/**
 * One process per data directory: an exclusive lock (DATA_DIR/hireframe.lock) with the holder's PID beside it
 * (DATA_DIR/hireframe.pid). Throws DataDirInUseError naming the PID while another live process holds it.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  let entry = held.get(dir);
  if (entry) entry.count++;
  else {
    const unlock = await acquire(dir);
    writeFileSync(pidPath(dir), `${process.pid}\n`);
    entry = {
      count: 1,
      release: async () => {
        rmSync(pidPath(dir), { force: true });
        await unlock().catch(() => undefined);
      },
    };
    held.set(dir, entry);
  }
  const mine = entry;
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      if (--mine.count > 0) return;
      held.delete(dir);
      await mine.release();
    },
  };
}
