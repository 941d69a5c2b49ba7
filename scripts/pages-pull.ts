// npm run pages:pull: writes the pages published in the page editor into pages/, so git stays the record of the site
// and CI validates them, and the images uploaded in the editor that they use into public/images/uploads/. Reads the
// database npm start uses (DATABASE_URL or DATA_DIR; through the running server's control socket while it holds
// DATA_DIR). A page keeps its file; a page made in the editor gets pages/<route>.json, unless that route is one no page
// may have (src/server/page-editor/route-rules.ts): such a page is named and not written, so no file of another kind
// (pages/site.json, a form, another page's file) is ever written over.
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buildApp } from '../src/server/app';
import { configOrExit, type ServerConfig } from '../src/server/config';
import { fail } from './lib/cli';
import { openDatabase, type Database } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { controlRequest, readJsonAnswer } from '../src/server/control/control-client';
import { publishedDocuments } from '../src/server/page-editor/store';
import { UPLOADED_IMAGE_NAME, openPageImage, storedNameOf, uploadedImagesIn } from '../src/server/page-images/store';
import { diskBlobStore } from '../src/server/uploads/blob-store';
import { sourcePages } from '../src/server/site/source-pages';
import { publicDir, root } from '../src/server/site/pages-on-disk';
import { pageFileForRoute } from '../src/server/site/page-file-for-route';
import { pageRouteRefusal } from '../src/server/page-editor/route-rules';

type Published = Awaited<ReturnType<typeof publishedDocuments>>;

interface Source {
  published: Published;
  /** The paths the server registers routes for, as the server has them: no page is written at one. */
  registeredRoutes: readonly string[];
  /** The bytes of an uploaded image by its file name. */
  image(fileName: string): Readable | Promise<Readable | undefined>;
  close(): Promise<void>;
}

/** The routes the server registers, from the server itself: built on the database, never listening. */
async function serverRoutes(config: ServerConfig, db: Database): Promise<readonly string[]> {
  const app = await buildApp({ config: { ...config, outboxIntervalMs: 0 }, db, site: false });
  try {
    await app.ready();
    return app.registeredRoutes();
  } finally {
    await app.close();
  }
}

async function openSource(): Promise<Source> {
  const config = configOrExit(2);
  if (!config.databaseUrl) {
    const response = await controlRequest(config.dataDir, 'GET', '/published-pages');
    if (response) {
      if (response.statusCode !== 200) fail(`The server answered ${response.statusCode}.`);
      // With the embedded database an uploaded image's bytes are in DATA_DIR, under a name made from its file name.
      const disk = diskBlobStore(config.dataDir);
      const published = await readJsonAnswer<Published>(response);
      const routes = await controlRequest(config.dataDir, 'GET', '/registered-routes');
      if (routes?.statusCode !== 200) fail('The server did not say which routes it answers: restart it with this version.');
      return {
        published,
        registeredRoutes: await readJsonAnswer<string[]>(routes),
        image: (name) => disk.get(storedNameOf(name)),
        close: async () => {},
      };
    }
  }
  const db: Database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: Error) =>
    fail(error.message),
  );
  try {
    await migrate(db);
    return {
      published: await publishedDocuments(db),
      registeredRoutes: await serverRoutes(config, db),
      image: async (name) => (await openPageImage(db, config.dataDir, name))?.stream(),
      close: () => db.close(),
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

const source = await openSource();
const pages = sourcePages();
let written = 0;
const images = new Set<string>();
const refused: string[] = [];
for (const { route, document } of source.published) {
  const refusal = pageRouteRefusal(route, pages, source.registeredRoutes);
  const filed = refusal === undefined ? pageFileForRoute(route, pages) : { refused: refusal };
  if ('refused' in filed) {
    refused.push(`${route}: ${filed.refused}`);
    continue;
  }
  uploadedImagesIn(document, images);
  const { file } = filed;
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

// An uploaded image's bytes never change under its name: one already in public/ is left alone.
let imagesWritten = 0;
const missing: string[] = [];
for (const name of [...images].sort()) {
  if (!UPLOADED_IMAGE_NAME.test(name)) continue; // not a name the editor gives: npm run validate names it
  const path = join(publicDir, 'images', 'uploads', name);
  if (existsSync(path)) continue;
  const bytes = await source.image(name);
  mkdirSync(dirname(path), { recursive: true });
  try {
    if (!bytes) throw new Error('not uploaded');
    await pipeline(bytes, createWriteStream(path, { flags: 'wx' }));
    console.log(`public/images/uploads/${name}`);
    imagesWritten++;
  } catch {
    rmSync(path, { force: true });
    missing.push(name);
  }
}
await source.close();
console.log(`${written} of ${source.published.length} published pages written into pages/; review with git diff, then npm run validate.`);
console.log(`${imagesWritten} of ${images.size} uploaded images they use written into public/images/uploads/.`);
if (refused.length) {
  console.error(`Not written, as no page may have its route (unpublish, delete or rename it in the page editor):\n${refused.join('\n')}`);
  process.exitCode = 1;
}
if (missing.length) fail(`These images are not stored: ${missing.join(', ')}. npm run validate will name the pages that use them.`);
