import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migratePage, PageVersionError } from '../../shared/page-migrations/migrate-page';
import { pageChanges } from '../../shared/page-diff';
import { rewriteJson } from './json-rewrite';
import { pagesDir, readPageFiles, root } from './pages-on-disk';

export interface PageFileBehind {
  /** Path from the project root. */
  file: string;
  from: number;
  to: number;
  /** Where the steps changed the document besides its version (JSON pointers). */
  changed: string[];
  /** The file's text in the current shape, laid out as it was. */
  text: string;
}

/**
 * The page files of pages/ written in an earlier shape, each with its text in the current one. A file that is not JSON,
 * or whose version the code cannot read, is left to npm run validate, which names what is wrong with it.
 */
export function pageFilesBehind(dir = pagesDir): PageFileBehind[] {
  return readPageFiles(dir).flatMap(({ file, kind, text }) => {
    if (kind !== 'page' && kind !== 'template') return [];
    let document: Record<string, unknown>;
    let migrated: Record<string, unknown>;
    try {
      document = JSON.parse(text) as Record<string, unknown>;
      migrated = migratePage(document);
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof PageVersionError) return [];
      throw error;
    }
    if (migrated === document) return [];
    const changed = pageChanges(document, migrated)
      .map((change) => change.pointer)
      .filter((pointer) => pointer !== '/version');
    return [{ file, from: Number(document.version), to: Number(migrated.version), changed, text: rewriteJson(text, migrated) }];
  });
}

export const describeBehind = (behind: PageFileBehind) =>
  `${behind.file} is of version ${behind.from} of the page shape; the code reads version ${behind.to}`;

/** Rewrites the page files of pages/ written in an earlier shape into the current one; returns those rewritten. */
export function migratePageFiles(dir = pagesDir): PageFileBehind[] {
  const behind = pageFilesBehind(dir);
  for (const { file, text } of behind) writeFileSync(join(root, file), text);
  return behind;
}
