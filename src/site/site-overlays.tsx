import { useSession } from '../lib/use-session';
import { ToastLayer } from '../ui/toast-layer';
import { GoToTop, StickyContactButton } from './overlays';
import { usePopupHost } from './popup-host';

/** What floats over every page: the contact button, go to top, the popups buttons open, toasts. */
export function SiteOverlays() {
  const session = useSession();
  const overlay = usePopupHost();
  return (
    <>
      {session.loggedIn ? null : <StickyContactButton />}
      <GoToTop />
      {overlay}
      <ToastLayer />
    </>
  );
}
