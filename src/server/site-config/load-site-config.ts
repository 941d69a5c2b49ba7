import type { SiteConfig } from '../../shared/generated/site-config';
import { fillPlaceholders, placeholderValues } from '../../shared/placeholders';
import { readSourceDocument, type PagesFrom } from '../site/pages-on-disk';

/** pages/site.json with its {placeholders} filled, as the pages show it. */
export async function loadSiteConfig(from?: PagesFrom): Promise<SiteConfig> {
  const raw = await readSourceDocument<SiteConfig>('site.json', from);
  return fillPlaceholders(raw, placeholderValues(raw));
}
