import { createContext, useContext, type ComponentType, type MouseEventHandler, type ReactNode } from 'react';
import { DEFAULT_LOCALE, LOCALE_FACTS, LOCALES, splitLocale, type Locale } from '../shared/locales';

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

/** A link to a page of this site. */
export function SiteLink(props: SiteLinkProps) {
  const { Link } = useSiteNavigation();
  return <Link {...props} />;
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
