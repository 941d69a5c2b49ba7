// Extensions written out: vite.config.ts loads this module (through the dev server's page data) with Node's own rules.
import { pageSteps } from './page-steps.ts';

/** The shape this code reads and writes: the version the last step leads to. schemas/page.json's `version` is this. */
export const currentPageVersion = pageSteps.reduce((version, step) => {
  if (step.from !== version || step.to !== version + 1) throw new Error(`page step ${step.from} → ${step.to} does not follow ${version}`);
  return step.to;
}, 1);

/** A page document whose version this code cannot bring to the current one. */
export class PageVersionError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A page document in the current shape: one of an earlier version goes through every step from its version on; one
 * already current is returned as it is (the same object). Refuses a version newer than this code knows, which only a
 * newer release of the site writes, rather than guess at its shape. The schema still checks the result.
 */
export function migratePage(document: unknown): Record<string, unknown> {
  if (!isObject(document)) throw new PageVersionError('a page document is a JSON object');
  const { version } = document;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > currentPageVersion) {
    const known = currentPageVersion === 1 ? 'version 1' : `versions 1 to ${currentPageVersion}`;
    if (typeof version === 'number' && version > currentPageVersion)
      throw new PageVersionError(`version ${version} is newer than this code knows (${known}): a newer release of the site wrote it`);
    throw new PageVersionError(`"version" names the document's shape, one of ${known}; it is ${JSON.stringify(version) ?? 'missing'}`);
  }
  let migrated = document;
  for (const step of pageSteps) {
    if (step.from >= version) migrated = { ...step.up(migrated), version: step.to };
  }
  return migrated;
}
