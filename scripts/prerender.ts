// Writes, for each page of pages/, its HTML (content, meta tags, its islands' props and the island loader) to
// dist/pages and its document to dist/page-data, plus the app shell for a signed-in user's portal and the list of
// public pages with their last change for /sitemap.xml. One page at a time: the work and the memory per page stay the
// same however many pages there are.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listPageFiles, readPageDocument, root } from '../src/server/site/pages-on-disk';
import { CITY_LIST_FILE, cityLinksOf } from '../src/shared/city-list';
import { htmlDocument } from '../src/server/site/html-document';
import { SITEMAP_PAGES_FILE, type SitemapPage } from '../src/server/site/sitemap';
import { pageFileOf } from '../src/shared/page-files';
import type { PageDocument } from '../src/shared/generated/page-document';
import { islandsTemplate } from '../src/server/site/islands-template';
import { pageHtml } from '../src/server/site/public-page-html';
import { htmlLang, languagesOf } from '../src/server/site/page-languages';
import type { Manifest } from '../src/server/site/build-manifest';
import { localizedPath } from '../src/shared/locales';
import { imageSizer } from '../src/server/site/image-sizes';

// React's production build, as vite build defaults to: the development one renders several times slower. A NODE_ENV
// already set (a test run) is kept, since the server bundle was then built for React's development build.
process.env.NODE_ENV ??= 'production';
const clientDir = join(root, 'dist/client');
const htmlDir = join(root, 'dist/pages');
const dataDir = join(root, 'dist/page-data');
const server = (await import(pathToFileURL(join(root, 'dist/server/entry-server.js')).href)) as typeof import('../src/entry-server');
const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
// Public pages name the island loader, not the app: each interactive part loads its own code when it hydrates.
const sizeImages = imageSizer(clientDir);
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const pageTemplate = islandsTemplate(template, manifest);

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const made = new Set<string>();
function write(path: string, text: string) {
  if (!made.has(dirname(path))) mkdirSync(dirname(path), { recursive: true });
  made.add(dirname(path));
  writeFileSync(path, text);
}

const routesFile = join(htmlDir, 'routes.json');
/**
 * The routes of the previous build: their files are overwritten, or deleted for a page since removed. Without the
 * list (a first build, or one that stopped half-way, since the list is written last) everything is cleared first.
 */
const previous: Record<string, string> = existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')) : {};
rmSync(routesFile, { force: true });
if (!Object.keys(previous).length) {
  rmSync(htmlDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
const files: Record<string, string> = {};
const sitemap: SitemapPage[] = [];
const documents = listPageFiles()
  .filter(({ kind }) => kind === 'page')
  .map(({ path }) => ({ path, document: readPageDocument(path) as unknown as PageDocument }));
// The city pages, for the pages that list them; the editor's renders read the same list from dist/.
const cities = cityLinksOf(documents.map(({ document }) => document));
for (const { path, document } of documents) {
  // A page in each of its languages: English at its route, the others under their code (/hi/..., /gu/...).
  for (const locale of languagesOf(document).locales) {
    const page = await sizeImages(server.pageForRender(document, cities, locale));
    const htmlFile = pageFileOf(page.route, 'html');
    const dataFile = pageFileOf(page.route, 'json');
    if (htmlFile === undefined || dataFile === undefined) throw new Error(`${path}: route ${page.route} cannot be a file name`);
    const languages = languagesOf(page);
    write(join(htmlDir, htmlFile), await pageHtml({ server, template: pageTemplate, manifest, cities }, page, locale));
    write(join(dataDir, dataFile), JSON.stringify(page));
    files[page.route] = htmlFile;
    // A page's last change is its file's: a build alone changes nothing a search engine should fetch again.
    if (page.route !== server.NOT_FOUND_ROUTE)
      sitemap.push({
        route: localizedPath(languages.route, locale),
        lastmod: statSync(path).mtime.toISOString(),
        ...(languages.locales.length > 1
          ? { alternates: languages.locales.map((l) => ({ hreflang: htmlLang(l), route: localizedPath(languages.route, l) })) }
          : {}),
      });
  }
}
for (const route of Object.keys(previous)) {
  const htmlFile = pageFileOf(route, 'html');
  const dataFile = pageFileOf(route, 'json');
  if (route in files || htmlFile === undefined || dataFile === undefined) continue;
  // A removed page must not be served from the files its last build left behind.
  rmSync(join(htmlDir, htmlFile), { force: true });
  rmSync(join(dataDir, dataFile), { force: true });
}
write(join(htmlDir, 'app-shell.html'), htmlDocument(template, { head: `<title>${escape(server.site.brand.name)}</title>`, body: '' }));
write(join(htmlDir, SITEMAP_PAGES_FILE), JSON.stringify(sitemap));
// The build's list of routes: the next build deletes the files of pages removed since, and npm start reads its date to
// tell whether sources changed. The server needs no list to serve a page.
write(join(root, 'dist/client', CITY_LIST_FILE), JSON.stringify(cities));
write(routesFile, JSON.stringify(files, null, 2));
console.log(`Prerendered ${Object.keys(files).length} pages into dist/pages and dist/page-data.`);
