import { siteIn } from '../content/site';
import type { SiteConfig } from '../shared/generated/site-config';
import { usePageLocale } from '../ui/site-navigation';

/** pages/site.json in the language of the page shown: the navigation, footer and taglines in the visitor's words. */
export function useSite(): SiteConfig {
  return siteIn(usePageLocale());
}
