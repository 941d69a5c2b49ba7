// Writes one HTML file per page of pages/, with its content and meta tags, plus the app shell for app routes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../src/server/site/pages-on-disk';
import type { PageMeta } from '../src/shared/generated/page-document';

const clientDir = join(root, 'dist/client');
const outDir = join(root, 'dist/pages');
const server = (await import(pathToFileURL(join(root, 'dist/server/entry-server.js')).href)) as typeof import('../src/entry-server');
const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
const manifest: Record<string, { file: string; imports?: string[] }> = JSON.parse(
  readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'),
);

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function head(meta: PageMeta, preload: string[]) {
  return [
    `<title>${escape(meta.title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}" />`,
    `<meta name="keywords" content="${escape(meta.keywords)}" />`,
    `<meta name="subject" content="${escape(meta.subject)}" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta property="og:site_name" content="${escape(server.site.brand.name)}" />`,
    ...preload.map((href) => `<link rel="modulepreload" href="/${href}" />`),
  ].join('\n    ');
}

/** The page's own chunk, fetched alongside the main script so hydration does not wait for a second round trip. */
function pageChunk(route: string): string[] {
  const entry = Object.entries(manifest).find(
    ([source]) => source.startsWith('pages/') && JSON.parse(readFileSync(join(root, source), 'utf8')).route === route,
  );
  return entry ? [entry[1].file] : [];
}

const files: Record<string, string> = {};
for (const route of server.jsonRoutes) {
  const { html, meta } = await server.renderPage(route);
  const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
  const page = template.replace('<!--app-head-->', head(meta, pageChunk(route))).replace('<!--app-html-->', html);
  mkdirSync(dirname(join(outDir, file)), { recursive: true });
  writeFileSync(join(outDir, file), page);
  files[route] = file;
}
writeFileSync(
  join(outDir, 'app-shell.html'),
  template.replace('<!--app-head-->', `<title>${escape(server.site.brand.name)}</title>`).replace('<!--app-html-->', ''),
);
writeFileSync(join(outDir, 'routes.json'), JSON.stringify(files, null, 2));
console.log(`Prerendered ${Object.keys(files).length} pages into dist/pages.`);
