import { join } from 'node:path';
import { pageOfFacts, readPageDocument, readPageFiles, root, type JsonFile } from '../../src/server/site/pages-on-disk';
import { newCityFacts } from '../../src/shared/city-page';

/** A city page written as its facts, written instead as the page its template makes: the blocks a test edits one by one. */
export function asBlocks(file: JsonFile): JsonFile {
  return { ...file, text: JSON.stringify(readPageDocument(join(root, file.file)), null, 2) };
}

/** The documents of pages/, with the city pages named written as blocks. */
export function pageFilesWithBlocks(...names: string[]): JsonFile[] {
  return readPageFiles().map((file) => (names.includes(file.file) ? asBlocks(file) : file));
}

/** A city's page as New city makes it (the lead form template, the facts given), written as blocks for a revision. */
export function newCityPage(route: string, city: Parameters<typeof newCityFacts>[2]): Record<string, unknown> {
  return pageOfFacts(newCityFacts('city-lead-form', route, city)) as unknown as Record<string, unknown>;
}
