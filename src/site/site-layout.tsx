import { Suspense, useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { matchAppRoute } from '../shared/route-match';
import { isStaffScreen } from '../shared/app-routes';
import { Island } from '../ui/island';
import { POPUP_ATTRIBUTE } from '../ui/popups';
import { listenForScrollLinks } from '../ui/scroll-links';
import { SiteNavigationContext, type SiteLinkProps, type SiteNavigation } from '../ui/site-navigation';
import { Footer, StaffFooter } from './footer';
import { Announcement } from './overlays';
import { SiteHeader } from './site-header';
import { SiteOverlays } from './site-overlays';
import { localeModule } from '../shared/page-locales';
import { splitLocale } from '../shared/locales';

/** Scrolls to the top on a new page, or to the anchor the address names. */
function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  useEffect(listenForScrollLinks, []);
  return null;
}

/**
 * Inside the app, links to its screens go through the router; a link to a public page loads that page whole, as
 * it is prerendered with its islands.
 */
function RouterLink({ href, children, ...props }: SiteLinkProps) {
  if (!matchAppRoute(href.split(/[?#]/)[0] ?? href))
    return (
      <a href={href} {...props}>
        {children}
      </a>
    );
  return (
    <Link to={href} {...props}>
      {children}
    </Link>
  );
}

export function SiteLayout() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const navigation = useMemo<SiteNavigation>(() => ({ path, Link: RouterLink }), [path]);
  const staffScreen = isStaffScreen(matchAppRoute(path));
  const words = localeModule(splitLocale(path).locale).words;
  return (
    <SiteNavigationContext.Provider value={navigation}>
      <a href="#main" className="skip-link">
        {words.skipToContent}
      </a>
      <ScrollOnNavigate />
      <Island name="site-header" component={SiteHeader} props={{}} when="idle" waitForVisitor />
      {/* A staff screen fills the window at least: its footer waits below it, not in view while the screen's data loads. */}
      <main id="main" tabIndex={-1} className={staffScreen ? 'staff-main' : undefined}>
        <Suspense
          fallback={
            <p className="loading container" role="status">
              Loading…
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      {/* Staff screens (signing in, the portal) are for work: no marketing footer, no announcement. */}
      {staffScreen ? <StaffFooter /> : <Footer />}
      <Island name="site-overlays" component={SiteOverlays} props={{}} when="idle" waitForVisitor wake={`[${POPUP_ATTRIBUTE}]`} />
      {staffScreen ? null : <Announcement />}
    </SiteNavigationContext.Provider>
  );
}
