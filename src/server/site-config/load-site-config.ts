import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '../../shared/generated/site-config';
import { fillPlaceholders, placeholderValues } from '../../shared/placeholders';
import { pagesDir, sourceDirOf, type PagesFrom } from '../site/pages-on-disk';

/** pages/site.json with its {placeholders} filled, as the pages show it. */
export async function loadSiteConfig(from: PagesFrom = { files: pagesDir }): Promise<SiteConfig> {
  const raw = JSON.parse(await readFile(join(sourceDirOf(from), 'site.json'), 'utf8')) as SiteConfig;
  return fillPlaceholders(raw, placeholderValues(raw));
}
