import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../ui/use-session';
import { PopupContext } from '../ui/popups';
import { ToastLayer } from '../ui/toast-layer';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { AnnouncementPopup, GoToTop, StickyContactButton, TaglineStrip } from './overlays';
import { usePopupHost } from './popup-host';

/** Scrolls to the top on a new page, or to the anchor the address names. */
function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function SiteLayout() {
  const session = useSession();
  const { popups, overlay, openComplaint } = usePopupHost();
  return (
    <PopupContext.Provider value={popups}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ScrollOnNavigate />
      {session.loggedIn ? null : <TaglineStrip />}
      <Navbar onComplaint={openComplaint} />
      <main id="main" tabIndex={-1}>
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
      <Footer />
      {session.loggedIn ? null : <StickyContactButton />}
      <GoToTop />
      <AnnouncementPopup />
      {overlay}
      <ToastLayer />
    </PopupContext.Provider>
  );
}
