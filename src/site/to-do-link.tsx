import { useEffect, useState } from 'react';
import { api } from '../lib/api-client';
import { SiteLink, useSiteNavigation } from '../ui/site-navigation';
import type { ToDoCount } from '../shared/api/leads';

/** How often the count is asked for again while a screen stays open. */
const REFRESH_MS = 60_000;

/**
 * The BDE portal's To do list in the navigation, with how many of the person's leads are overdue or due today: asked
 * for on every screen they open, and each minute after.
 */
export function ToDoLink({ label, active, onFollowLink }: { label: string; active: boolean; onFollowLink?: () => void }) {
  const { path } = useSiteNavigation();
  const [due, setDue] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const ask = () =>
      api<ToDoCount>('/api/leads/to-do/count').then(
        (count) => live && setDue(count.due),
        () => undefined,
      );
    void ask();
    const timer = setInterval(() => void ask(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [path]);
  return (
    <SiteLink
      href="/bde-portal"
      className={`nav-link${active ? ' is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onFollowLink}
    >
      {label}
      {due ? ' ' : null}
      {due ? (
        <span className="nav-count">
          {due}
          <span className="visually-hidden"> due</span>
        </span>
      ) : null}
    </SiteLink>
  );
}
