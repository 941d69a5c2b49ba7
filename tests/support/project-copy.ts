import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../../src/server/site/pages-on-disk';

/**
 * The project's entries copied into a new temporary directory (named prefix…), sharing this checkout's node_modules:
 * a test runs npm scripts there, and the worktree is never touched.
 */
export function copyProject(prefix: string, entries: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of entries) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
