// A copy of one commit of the project in a temporary directory, sharing this checkout's node_modules: npm run
// bench:scale builds, seeds and serves the copy, so the checkout's pages/, dist/ and data are never touched and
// edits under way in it do not change the figures. The copy's own code (database, migrations, users, the server
// process helper of the tests) does the work, so a figure always belongs to the commit measured.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerProcess } from '../../tests/support/server-process';

export interface ProjectCopy {
  /** The temporary directory: the project in project/, anything else (data directories) beside it. */
  tmp: string;
  tree: string;
  commit: string;
}

export function copyProject(root: string, rev: string): ProjectCopy {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const tmp = mkdtempSync(join(tmpdir(), 'hireframe-scale-'));
  const tree = join(tmp, 'project');
  mkdirSync(tree);
  const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  return { tmp, tree, commit };
}

export const removeCopy = (copy: ProjectCopy) => rmSync(copy.tmp, { recursive: true, force: true });

/** The copy's modules the bench uses, loaded from the copy. */
export async function projectModules(tree: string) {
  const load = (path: string) => import(pathToFileURL(join(tree, path)).href);
  return {
    database: (await load('src/server/db/database.ts')) as typeof import('../../src/server/db/database'),
    migrations: (await load('src/server/db/migrate.ts')) as typeof import('../../src/server/db/migrate'),
    users: (await load('src/server/users/store.ts')) as typeof import('../../src/server/users/store'),
    serverProcess: (await load('tests/support/server-process.ts')) as typeof import('../../tests/support/server-process'),
  };
}
export type ProjectModules = Awaited<ReturnType<typeof projectModules>>;

/** npm's own variables would point a nested npm run back at this checkout. */
function copyEnv(tree: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^INIT_CWD$/i.test(name)));
  return { ...env, PATH: `${join(tree, 'node_modules/.bin')}:${process.env.PATH}` };
}

/** Process groups of the commands running now: a command's npm, tsx and node all go when it is stopped. */
const commands = new Set<number>();
const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

/** Runs a shell command in the copy; resolves with its time in ms, rejects with the end of its output. */
export function timeCommand(tree: string, command: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('sh', ['-c', command], { cwd: tree, env: copyEnv(tree), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const pid = child.pid!;
    commands.add(pid);
    let output = '';
    const keep = (data: Buffer) => (output = (output + data.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => killGroup(pid), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      commands.delete(pid);
      if (code === 0) return resolve(performance.now() - start);
      if (signal === 'SIGKILL') return reject(new Error(`${command}: over ${Math.round(timeoutMs / 1000)} s`));
      // npm's own lines (the script it runs, its warnings) say nothing about the failure.
      const said = output.split('\n').filter((line) => line.trim() && !/^(> |npm (warn|error))/.test(line));
      reject(new Error(`${command}: exit ${code}: ${said.slice(-3).join(' / ')}`));
    });
  });
}

/** The commands npm run build chains with &&, from the copy's package.json. */
export function buildSteps(tree: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  if (!scripts.build) throw new Error('package.json has no build script');
  return scripts.build.split('&&').map((step) => step.trim());
}

/** Resident memory of a process in MB, as the kernel counts it. */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

const running = new Set<ServerProcess>();

/** Starts the copy's compiled server as npm start does; its start time is from spawn until it listens. */
export async function startServer(modules: ProjectModules, env: Record<string, string>) {
  const start = performance.now();
  const server = await modules.serverProcess.startServerProcess({ NODE_ENV: 'production', ...env }, 300_000);
  const startMs = performance.now() - start;
  running.add(server);
  return { server, startMs, pid: server.child.pid! };
}

export async function stopServer(modules: ProjectModules, server: ServerProcess) {
  server.child.kill('SIGTERM');
  await modules.serverProcess.within(server.exited, 30_000, 'server stop').catch(() => server.child.kill('SIGKILL'));
  running.delete(server);
}

/** When the bench is interrupted: no server or command of its own outlives it. */
export function killChildren() {
  running.forEach((server) => server.child.kill('SIGKILL'));
  commands.forEach(killGroup);
}
