import { createContext, useContext, type ComponentType, type MouseEventHandler, type ReactNode } from 'react';
import { DEFAULT_LOCALE, LOCALE_FACTS, LOCALES, localizedPath, splitLocale, type Locale } from '../shared/locales';
import { localeModule } from '../shared/page-locales';

export interface SiteLinkProps {
  href: string;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  'aria-label'?: string;
  'aria-current'?: 'page';
  children: ReactNode;
}

/** A plain link: between public pages a visitor loads the next page whole, as the prerendered site is served. */
function PlainLink({ href, children, ...props }: SiteLinkProps) {
  return (
    <a href={href} {...props}>
      {children}
    </a>
  );
}

export interface SiteNavigation {
  /** The path shown, without a trailing slash, for the navigation's active link. */
  path: string;
  /** How a link to a page of this site is followed: the app's router, or a plain link on a public page. */
  Link: ComponentType<SiteLinkProps>;
}

/**
 * Shared parts (navigation, buttons, announcement) link through this rather than the router, so they render the same
 * markup inside the app and as islands on a public page that has no router.
 */
export const SiteNavigationContext = createContext<SiteNavigation>({ path: '/', Link: PlainLink });

export const useSiteNavigation = () => useContext(SiteNavigationContext);

/** The same context as a public page's islands see it. */
export const plainNavigation = (path: string): SiteNavigation => ({ path, Link: PlainLink });

/**
 * Where a link of a page in a language leads: to the page it names in that language when the page is written in it
 * (/it-recruitment is /hi/it-recruitment on a Hindi page), else to the page as it is.
 */
export function hrefIn(href: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !href.startsWith('/') || href.startsWith('//')) return href;
  const [, pathname = href, rest = ''] = /^([^?#]*)(.*)$/.exec(href) ?? [];
  return localeModule(locale).routes.includes(pathname) ? `${localizedPath(pathname, locale)}${rest}` : href;
}

/** A link to a page of this site, in the language of the page shown when the page it names is written in it. */
export function SiteLink(props: SiteLinkProps) {
  const { Link, path } = useSiteNavigation();
  return <Link {...props} href={hrefIn(props.href, splitLocale(path).locale)} />;
}

/** The language of the page being shown: its address names it (/gu/franchise/surat is Gujarati). */
export function usePageLocale(): Locale {
  return splitLocale(useSiteNavigation().path).locale;
}

/**
 * The language of the document in the browser, from `<html lang>`: for code that runs before any component. A
 * render on the server (an app screen's, in English) has none.
 */
export function documentLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const tag = document.documentElement.lang;
  return LOCALES.find((locale) => LOCALE_FACTS[locale].tag === tag) ?? DEFAULT_LOCALE;
}
