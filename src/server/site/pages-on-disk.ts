import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
// Extensions written out: vite.config.ts loads this module (the dev server's page data) with Node's own rules.
import { migratePage } from '../../shared/page-migrations/migrate-page.ts';
import { composeCityPage, isCityFacts, TEMPLATES_FOLDER } from '../../shared/city-template.ts';
import type { CityTemplate } from '../../shared/generated/city-template.ts';
import type { CityPage } from '../../shared/generated/city-page.ts';
import type { PageDocument } from '../../shared/generated/page-document.ts';
import { appRoutes } from '../../shared/app-routes.ts';
import type { Locale } from '../../shared/locales.ts';

export const root = new URL('../../..', import.meta.url).pathname;
export const pagesDir = join(root, 'pages');
export const schemasDir = join(root, 'schemas');
export const publicDir = join(root, 'public');
export const templatesDir = join(pagesDir, TEMPLATES_FOLDER);

/** Where the server reads pages: the build's documents (what visitors were served), or a pages/ folder itself. */
export type PagesFrom = { build: string } | { files: string };

/** The folder of site.json and forms/: pages/ when serving a build (which keeps no copy of them), else the one given. */
export const sourceDirOf = (from: PagesFrom): string => ('files' in from ? from.files : pagesDir);

/** A document of the folder of site.json and forms/ (site.json, lead-routing.json), parsed. */
export async function readSourceDocument<T>(name: string, from: PagesFrom = { files: pagesDir }): Promise<T> {
  return JSON.parse(await readFile(join(sourceDirOf(from), name), 'utf8')) as T;
}

export type DocumentKind = 'page' | 'site' | 'form' | 'routing' | 'template';

export interface JsonFile {
  /** Path from the project root, as an error names it. */
  file: string;
  kind: DocumentKind;
  text: string;
}

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listJson(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

export function kindOf(file: string): DocumentKind {
  if (file === 'pages/site.json') return 'site';
  if (file === 'pages/lead-routing.json') return 'routing';
  if (file.startsWith('pages/forms/')) return 'form';
  if (file.startsWith(`pages/${TEMPLATES_FOLDER}/`)) return 'template';
  return 'page';
}

/** Every JSON document under pages/ (paths from the project root), sorted, without reading them. */
export function listPageFiles(dir = pagesDir): { file: string; path: string; kind: DocumentKind }[] {
  return listJson(dir)
    .sort()
    .map((path) => {
      const file = relative(root, path);
      return { file, path, kind: kindOf(file) };
    });
}

/** Every JSON document under pages/, sorted by path. */
export function readPageFiles(dir = pagesDir): JsonFile[] {
  return listPageFiles(dir).map(({ file, path, kind }) => ({ file, kind, text: readFileSync(path, 'utf8') }));
}

/** The folder of a page file's templates: templates/ in the pages folder the file is in (pages/franchise/x.json → pages). */
function templatesDirOf(path: string): string {
  let dir = dirname(path);
  while (dir !== dirname(dir) && !existsSync(join(dir, TEMPLATES_FOLDER))) dir = dirname(dir);
  return join(dir, TEMPLATES_FOLDER);
}

/** A city template by name, in the shape the code reads. */
export function readCityTemplate(name: string, dir = templatesDir): CityTemplate {
  return migratePage(JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'))) as unknown as CityTemplate;
}

/** The city templates New city offers, by their titles: each one's name (its file's), title and description. */
export function listCityTemplates(dir = templatesDir): { name: string; title: string; description: string }[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const name = file.slice(0, -'.json'.length);
      const { title, description = '' } = readCityTemplate(name, dir);
      return { name, title, description };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The page a city's facts make with their template. */
export function pageOfFacts(facts: CityPage, dir = templatesDir): PageDocument {
  return composeCityPage(facts, readCityTemplate(facts.template, dir)).page;
}

/**
 * A page file's document as written (a city page as its facts), in the shape the code reads: a file of an earlier
 * version is migrated as it is read (npm run migrate-pages rewrites the file itself). This is what the editor edits.
 */
export const readPageAsWritten = (path: string): Record<string, unknown> => migratePage(JSON.parse(readFileSync(path, 'utf8')));

/**
 * A page file's document in the shape the code reads, a city page written as its facts made into its page with its
 * template. Throws when the file is not JSON, is of a version the code cannot read, or names a template there is not.
 */
export function readPageDocument(path: string): Record<string, unknown> {
  const document = readPageAsWritten(path);
  if (!isCityFacts(document)) return document;
  return pageOfFacts(document, templatesDirOf(path)) as unknown as Record<string, unknown>;
}

/** The page a document makes: a city's facts with their template (of pages/templates), any other page as it is. */
export const madePage = (document: PageDocument | CityPage, dir = templatesDir): PageDocument =>
  isCityFacts(document) ? pageOfFacts(document, dir) : document;

/**
 * Each page of pages/ and each app route (/job-openings), with the other languages it is shown in (its "locales"):
 * what the pages in a language link to in it, and what Lighthouse measures beside English.
 */
export function routeLanguages(dir = pagesDir): { route: string; locales: readonly Locale[] }[] {
  const pages = readPageFiles(dir)
    .filter((f) => f.kind === 'page')
    .map((f) => migratePage(JSON.parse(f.text)) as { route: string; locales?: readonly Locale[] });
  const app = appRoutes.filter((r) => !r.screen && !r.path.includes(':')).map((r) => ({ route: r.path, locales: r.locales }));
  return [...pages, ...app].map(({ route, locales = [] }) => ({ route, locales }));
}
