import { useEffect, useRef, useState } from 'react';
import { ArrowUp, MessageCircle } from 'lucide-react';
import { useSite } from './use-site';
import { GO_TO_TOP_THRESHOLD_PX } from '../shared/constants';
import { popupButton } from '../ui/popups';
import { SiteLink } from '../ui/site-navigation';
import { DialogFrame } from '../ui/modal';
import { DIALOG_CLOSE_ATTRIBUTE } from '../ui/modal-dialog';
import { MotionToggle } from '../ui/motion-toggle';
import { scheduleAnnouncement } from './announcement';
import { usePageWords } from '../ui/page-words';

/** The scrolling strip of taglines that logged-out visitors see; it pauses when pointed at, focused or stopped. */
export function TaglineStrip() {
  const site = useSite();
  const words = usePageWords();
  const line = site.taglines.join('  •  ');
  const [stopped, setStopped] = useState(false);
  return (
    // A named section is a region landmark, so the strip is not content outside every landmark.
    <section className={stopped ? 'tagline-strip is-stopped' : 'tagline-strip'} aria-label={words['strip.label']}>
      <div className="tagline-track">
        <span>{line}</span>
        <span aria-hidden="true">{line}</span>
      </div>
      <MotionToggle
        stopped={stopped}
        onToggle={() => setStopped(!stopped)}
        labels={{ pause: words['motion.pauseHighlights'], play: words['motion.playHighlights'] }}
      />
    </section>
  );
}

export function StickyContactButton() {
  const site = useSite();
  return (
    <button type="button" className="sticky-contact" {...popupButton('contact')}>
      <MessageCircle size={18} aria-hidden="true" /> {site.navigation.contactUs}
    </button>
  );
}

export function GoToTop() {
  const words = usePageWords();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > GO_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="go-to-top" aria-label={words.goToTop} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <ArrowUp aria-hidden="true" />
    </button>
  );
}

/**
 * The investment announcement, in the HTML of every page but staff screens, closed: src/site/announcement.ts opens
 * it on a first visit at a quiet moment, scheduled by the island loader on a public page and from here in the app.
 */
export function Announcement() {
  const site = useSite();
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => scheduleAnnouncement(dialogRef.current), []);
  const a = site.announcement;
  return (
    <DialogFrame title={a.heading} className="announcement" dialogRef={dialogRef}>
      <img src="/images/announcement.svg" alt="" width={480} height={240} loading="lazy" />
      <p>{a.text}</p>
      <SiteLink href={a.href} className="button" {...{ [DIALOG_CLOSE_ATTRIBUTE]: '' }}>
        {a.linkLabel}
        {/* "Read More" alone says nothing of where it leads; the rest is for screen readers and search engines. */}
        {a.linkContext ? <span className="visually-hidden"> {a.linkContext}</span> : null}
      </SiteLink>
    </DialogFrame>
  );
}
