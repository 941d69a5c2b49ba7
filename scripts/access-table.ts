// Prints the role-by-endpoint table from the routes' own access rules; docs/access.md carries it and a test keeps them equal.
// npm run access-table -- --write updates docs/access.md in place.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { accessTableMarkdown } from '../src/server/access-table';
import { root } from '../src/server/site/pages-on-disk';

const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-access-'));
const app = await buildApp({ config: { ...configFromEnv({}), dataDir, captcha: 'off', outboxIntervalMs: 0 }, site: false });
await app.ready();
const table = accessTableMarkdown(app.accessRules);
await app.close();
rmSync(dataDir, { recursive: true, force: true });

if (process.argv.includes('--write')) {
  const doc = join(root, 'docs/access.md');
  const text = readFileSync(doc, 'utf8');
  const updated = text.replace(
    /<!-- access-table -->[\s\S]*?<!-- \/access-table -->/,
    `<!-- access-table -->\n${table}\n<!-- /access-table -->`,
  );
  writeFileSync(doc, updated);
  console.log(updated === text ? 'docs/access.md is up to date.' : 'docs/access.md updated.');
} else {
  console.log(table);
}
