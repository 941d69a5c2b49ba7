// npm run pages:pull: writes the pages published in the page editor into pages/, so git stays the record of the site
// and CI validates them. Reads the database npm start uses (DATABASE_URL or DATA_DIR; through the running server's
// control socket while it holds DATA_DIR). A page keeps its file; a page made in the editor gets pages/<route>.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { configOrExit } from '../src/server/config';
import { fail } from './lib/cli';
import { openDatabase } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { controlRequest, readJsonAnswer } from '../src/server/control/control-client';
import { publishedDocuments } from '../src/server/page-editor/store';
import { sourcePages } from '../src/server/site/source-pages';
import { root } from '../src/server/site/pages-on-disk';
import { pageFileForRoute } from '../src/shared/city-page';

type Published = Awaited<ReturnType<typeof publishedDocuments>>;

async function readPublished(): Promise<Published> {
  const config = configOrExit(2);
  if (!config.databaseUrl) {
    const response = await controlRequest(config.dataDir, 'GET', '/published-pages');
    if (response) {
      if (response.statusCode !== 200) fail(`The server answered ${response.statusCode}.`);
      return readJsonAnswer<Published>(response);
    }
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: Error) => fail(error.message));
  try {
    await migrate(db);
    return await publishedDocuments(db);
  } finally {
    await db.close();
  }
}

const published = await readPublished();
const files = sourcePages().routes();
let written = 0;
for (const { route, document } of published) {
  const file = files.get(route) ?? pageFileForRoute(route);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const path = join(root, file);
  let before: string | undefined;
  try {
    before = readFileSync(path, 'utf8');
  } catch {
    before = undefined;
  }
  // A file whose JSON already says the same is left as written (its own layout), so git shows only real changes.
  if (before !== undefined && JSON.stringify(JSON.parse(before)) === JSON.stringify(document)) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`${file} (${route})`);
  written++;
}
console.log(`${written} of ${published.length} published pages written into pages/; review with git diff, then npm run validate.`);
