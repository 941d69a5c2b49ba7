import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkPages } from '../content-checks/check-pages';
import type { PageProblem } from '../../shared/api/page-editor';
import { fillPlaceholders, placeholderValues } from '../../shared/placeholders';
import type { SiteConfig } from '../../shared/generated/site-config';
import { inEditorWords } from './editor-words';
import type { EditorWords } from '../../shared/change-place';
import { pagesDir, publicDir, readPageAsWritten, readPageFiles, root, schemasDir, type JsonFile } from '../site/pages-on-disk';
import { pageFileForRoute } from '../site/page-file-for-route';
import type { SourcePages } from '../site/source-pages';

/**
 * A page as pages/ holds it: its file (from the project root) and its document as written (a city page as its facts),
 * placeholders and all, in the current shape.
 */
export function pageFile(pages: SourcePages, route: string): { file: string; document: Record<string, unknown> } | undefined {
  const file = pages.routes().get(route);
  if (file === undefined) return undefined;
  try {
    return { file, document: readPageAsWritten(join(root, file)) };
  } catch {
    return undefined;
  }
}

/** The route a document is served at: its `route` with the placeholders of pages/site.json filled. */
export function servedRoute(document: Record<string, unknown>): string {
  const values = placeholderValues(JSON.parse(readFileSync(join(pagesDir, 'site.json'), 'utf8')) as SiteConfig);
  return fillPlaceholders(String(document.route ?? ''), values);
}

/**
 * The problems `npm run validate` finds in a page, cross-file rules included: the edited document stands in for its
 * file (or the file a new page would have), and every published revision for its own, so a link to a page published
 * here is no dead link and a route cannot be taken twice. An image uploaded in the editor (`uploadedImages`, those the
 * document names) counts as one of public/.
 */
export function pageProblems(
  pages: SourcePages,
  route: string,
  document: Record<string, unknown>,
  published: { route: string; document: Record<string, unknown> }[],
  uploadedImages: ReadonlySet<string>,
  /** The route the page moves from, whose published document it replaces (a rename). */
  movingFrom?: string,
): PageProblem[] {
  const own = pageFileForRoute(route, pages);
  if ('refused' in own) return [{ pointer: '/route', message: own.refused }];
  const files = new Map<string, JsonFile>(readPageFiles().map((f) => [f.file, f]));
  const put = (file: string, doc: Record<string, unknown>) => files.set(file, { file, kind: 'page', text: JSON.stringify(doc, null, 2) });
  for (const other of published) {
    // A page published at a route whose file is another's (before such routes were refused) stands in for nothing.
    const theirs = other.route === route || other.route === movingFrom ? undefined : pageFileForRoute(other.route, pages);
    if (theirs && 'file' in theirs) put(theirs.file, other.document);
  }
  const { file } = own;
  put(file, document);
  // The editor publishes the English page: the other languages' pages stay the build's (CheckOptions.languages).
  return checkPages([...files.values()], { uploadedImages, languages: false })
    .filter((p) => p.file === file)
    .map(({ pointer, message }) => ({ pointer, message }));
}

/**
 * Whether a problem is one of a link's: an href, tel or mailto publishing refuses (an address off the site that is not
 * https, `data:`, `javascript:`), or a link to a route no page has. A draft preview refuses what publishing refuses.
 */
export const isLinkProblem = (problem: PageProblem) =>
  /\/(href|tel|mailto)$/.test(problem.pointer) || problem.message.startsWith('link to ');

const localRef = (ref: string) => ref.replace(/^(\.\.\/)?common\.json#/, '#');

/** A schema with references to common.json made local, so a form library resolves them within the schema. */
function withLocalRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withLocalRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, key === '$ref' && typeof v === 'string' ? localRef(v) : withLocalRefs(v)]),
  );
}

const readSchema = (file: string) => JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Record<string, unknown>;

/**
 * The schemas the editor's forms are generated from: each file of schemas/blocks and the page's meta, with the common
 * definitions beside them, in the editor's words (src/server/page-editor/editor-words.ts). Read from schemas/: a block's
 * form is its schema, never a second description.
 */
export function editorSchemas(): EditorWords {
  const definitions = inEditorWords(withLocalRefs(readSchema('common.json').definitions)) as Record<string, unknown>;
  const standalone = (schema: Record<string, unknown>) => {
    const { $schema: _ignored, ...rest } = inEditorWords(withLocalRefs(schema)) as Record<string, unknown>;
    return { ...rest, definitions: { ...definitions, ...(rest.definitions as object | undefined) } };
  };
  const blocks: Record<string, unknown> = {};
  for (const name of readdirSync(join(schemasDir, 'blocks')).sort()) {
    const schema = readSchema(`blocks/${name}`);
    const type = (schema.properties as { type?: { const?: string } } | undefined)?.type?.const;
    if (type) blocks[type] = standalone(schema);
  }
  const page = readSchema('page.json') as { properties: { meta: Record<string, unknown>; city: Record<string, unknown> } };
  return { blocks, meta: standalone(page.properties.meta), city: standalone(page.properties.city), cityLists: cityLists(blocks) };
}

type FormSchema = { properties: Record<string, Record<string, unknown>>; definitions?: object };

/**
 * The form of a city page's own lists, its figures, events and questions: each the list of the block that shows it, so
 * a figure is edited as the figures block edits one.
 */
function cityLists(blocks: Record<string, unknown>): unknown {
  const list = (type: string, key: string, title: string, description: string) => {
    const block = blocks[type] as FormSchema;
    return { schema: { ...block.properties[key], title, description }, definitions: block.definitions };
  };
  const lists = {
    figures: list('stats', 'items', 'Figures of this city', 'Shown in the figures section. Without them the page has no figures section.'),
    events: list(
      'events',
      'events',
      'Events in this city',
      'Each with its date, or how often it repeats. Without them the page has no events section.',
    ),
    faq: list('faq', 'items', 'Questions about this city', "Shown after the layout's own questions."),
  };
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(lists).map(([key, { schema }]) => [key, schema])),
    definitions: Object.assign({}, ...Object.values(lists).map((l) => l.definitions)),
  };
}

const imagePattern = /\.(png|jpg|jpeg|webp|svg)$/;

/** Every image under public/images, as the site path a block names it by. */
export function publicImages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return imagePattern.test(entry.name) ? [`/${relative(publicDir, path).split('\\').join('/')}`] : [];
    });
  try {
    return walk(join(publicDir, 'images')).sort();
  } catch {
    return [];
  }
}
