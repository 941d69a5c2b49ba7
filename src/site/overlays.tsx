import { useEffect, useState, useSyncExternalStore } from 'react';
import { ArrowUp, MessageCircle } from 'lucide-react';
import { site } from '../content/site';
import { ANNOUNCEMENT_FLAG, GO_TO_TOP_THRESHOLD_PX } from '../shared/constants';
import { popupButton } from '../ui/popups';
import { SiteLink } from '../ui/site-navigation';
import { Modal } from '../ui/modal';
import { MotionToggle } from '../ui/motion-toggle';

/** The scrolling strip of taglines that logged-out visitors see; it pauses when pointed at, focused or stopped. */
export function TaglineStrip() {
  const line = site.taglines.join('  •  ');
  const [stopped, setStopped] = useState(false);
  return (
    // A named section is a region landmark, so the strip is not content outside every landmark.
    <section className={stopped ? 'tagline-strip is-stopped' : 'tagline-strip'} aria-label="At a glance">
      <div className="tagline-track">
        <span>{line}</span>
        <span aria-hidden="true">{line}</span>
      </div>
      <MotionToggle stopped={stopped} onToggle={() => setStopped(!stopped)} what="highlights" />
    </section>
  );
}

export function StickyContactButton() {
  return (
    <button type="button" className="sticky-contact" {...popupButton('contact')}>
      <MessageCircle size={18} aria-hidden="true" /> {site.navigation.contactUs}
    </button>
  );
}

export function GoToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > GO_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="go-to-top" aria-label="Go to top" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <ArrowUp aria-hidden="true" />
    </button>
  );
}

function isFirstVisit(): boolean {
  try {
    return !localStorage.getItem(ANNOUNCEMENT_FLAG);
  } catch {
    // Storage blocked (private mode): the announcement is not worth nagging about on every page.
    return false;
  }
}

/** Another tab closing the announcement closes it here too. */
function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The investment announcement: shown on a first visit until closed; closing records the flag. */
export function AnnouncementPopup() {
  // The server (and hydration) renders it closed; the browser then reads the flag.
  const firstVisit = useSyncExternalStore(subscribeToStorage, isFirstVisit, () => false);
  const [closed, setClosed] = useState(false);
  if (!firstVisit || closed) return null;
  const close = () => {
    try {
      localStorage.setItem(ANNOUNCEMENT_FLAG, 'true');
    } catch {
      /* see isFirstVisit */
    }
    setClosed(true);
  };
  const a = site.announcement;
  return (
    <Modal title={a.heading} onClose={close} className="announcement">
      <img src="/images/announcement.svg" alt="" width={480} height={240} />
      <p>{a.text}</p>
      <SiteLink href={a.href} className="button" onClick={close}>
        {a.linkLabel}
        {/* "Read More" alone says nothing of where it leads; the rest is for screen readers and search engines. */}
        {a.linkContext ? <span className="visually-hidden"> {a.linkContext}</span> : null}
      </SiteLink>
    </Modal>
  );
}
