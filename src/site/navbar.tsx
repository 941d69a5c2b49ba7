import { useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { ChevronDown, Menu, X } from 'lucide-react';
import { useSite } from './use-site';
import { logout, useSession } from '../lib/use-session';
import { popupButton } from '../ui/popups';
import { SiteLink, useSiteNavigation } from '../ui/site-navigation';
import { visibleNavItems, type NavItem } from '../shared/nav-rules';
import type { Menu as MenuConfig } from '../shared/generated/site-config';
import { ToDoLink } from './to-do-link';
import { usePageWords } from '../ui/page-words';
import { splitLocale } from '../shared/locales';

/** Open or not, remembered for the page it was opened on: going to another page closes it. */
function useOpenOnThisPage() {
  const { path: pathname } = useSiteNavigation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return [open, (value: boolean) => setOpenOn(value ? pathname : null)] as const;
}

/** While a menu is open, Escape closes it and puts focus back on the button that opened it. */
function useEscapeCloses(open: boolean, close: () => void, toggle: RefObject<HTMLButtonElement | null>) {
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  }, [close]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened from the menu handles its own Escape.
      if (event.key !== 'Escape' || (event.target instanceof Element && event.target.closest('dialog'))) return;
      latestClose.current();
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, toggle]);
}

/**
 * Whether focus went from inside the element to somewhere else on the page: not into a dialog opened from it (focus
 * comes back when that closes), nor nowhere (the window lost focus, or a press on the page's background).
 */
function focusMovedOut(event: FocusEvent<HTMLElement>): boolean {
  const next = event.relatedTarget;
  return next instanceof Element && !event.currentTarget.contains(next) && !next.closest('dialog');
}

function DropdownMenu({ id, menu }: { id: string; menu: MenuConfig }) {
  const [open, setOpen] = useOpenOnThisPage();
  const toggle = useRef<HTMLButtonElement>(null);
  useEscapeCloses(open, () => setOpen(false), toggle);
  return (
    <div
      className={`dropdown${open ? ' is-open' : ''}`}
      onMouseLeave={() => setOpen(false)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setOpen(false)}
    >
      <button
        ref={toggle}
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        onMouseEnter={() => setOpen(true)}
      >
        {menu.label} <ChevronDown size={16} aria-hidden="true" />
      </button>
      <ul id={id} className="dropdown-menu" hidden={!open}>
        {menu.items.map((item) => (
          <li key={item.href}>
            <SiteLink href={item.href} onClick={() => setOpen(false)}>
              {item.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The navigation items that are plain links, and the page each goes to. */
const pageLinks = {
  home: '/',
  pressRelease: '/press-release',
  jobs: '/jobs',
  jobOpenings: '/job-openings',
  freeJobPosting: '/free-job-posting',
  applyAsRecruiter: '/apply-as-a-recruiter',
  login: '/login',
  dashboard: '/admin',
  pages: '/admin/pages',
} as const satisfies Partial<Record<NavItem, string>>;

const isPageLink = (item: NavItem): item is keyof typeof pageLinks => Object.hasOwn(pageLinks, item);

/** One navigation item as the session allows it; the desktop bar and the mobile menu render the same list. */
function NavEntry({
  item,
  place,
  onFollowLink,
}: {
  item: NavItem;
  place: 'bar' | 'mobile';
  /** Called at the tap on one of its links. */
  onFollowLink?: () => void;
}) {
  const nav = useSite().navigation;
  const { path } = useSiteNavigation();
  const link = (to: string, label: string, extra = '') => {
    // A page in another language (/hi/it-recruitment) is the one its English link names.
    const active = splitLocale(path).route === to;
    return (
      <SiteLink
        href={to}
        className={`nav-link${extra}${active ? ' is-active' : ''}`}
        aria-current={active ? 'page' : undefined}
        onClick={onFollowLink}
      >
        {label}
      </SiteLink>
    );
  };
  if (isPageLink(item)) return link(pageLinks[item], nav[item], item === 'login' ? ' nav-cta' : '');
  switch (item) {
    case 'services':
    case 'company': {
      const menu = nav[item];
      if (place === 'bar') return <DropdownMenu id={`menu-${item}`} menu={menu} />;
      return (
        <details className="mobile-group">
          <summary className="nav-link">{menu.label}</summary>
          <ul>
            {menu.items.map((i) => (
              <li key={i.href}>
                <SiteLink href={i.href} onClick={onFollowLink}>
                  {i.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </details>
      );
    }
    case 'toDo':
      return <ToDoLink label={nav.toDo} active={path === '/bde-portal'} onFollowLink={onFollowLink} />;
    case 'complaint':
      return (
        <button type="button" className="nav-link" {...popupButton('complaint')}>
          {nav.complaint}
        </button>
      );
    case 'logout':
      return (
        <button type="button" className="nav-link nav-cta" onClick={() => void logout()}>
          {nav.logout}
        </button>
      );
  }
}

export function Navbar() {
  const site = useSite();
  const words = usePageWords();
  const session = useSession();
  const items = visibleNavItems(session);
  const [mobileOpen, setMobileOpen] = useOpenOnThisPage();
  const menuToggle = useRef<HTMLButtonElement>(null);
  useEscapeCloses(mobileOpen, () => setMobileOpen(false), menuToggle);

  return (
    // The open phone menu lies over the page: when Tab (or anything) takes focus out of the header, the menu closes,
    // so the control that has focus is never hidden under it.
    <header className="site-header" onBlur={(event) => mobileOpen && focusMovedOut(event) && setMobileOpen(false)}>
      <div className="container navbar">
        <SiteLink href="/" className="brand" aria-label={words['nav.home']}>
          <img src={site.brand.logo} alt={site.brand.name} width={150} height={40} />
        </SiteLink>
        <nav aria-label={words['nav.main']} className="nav-bar">
          <ul className="nav-list">
            {items.map((item) => (
              <li key={item} data-nav={item}>
                <NavEntry item={item} place="bar" />
              </li>
            ))}
          </ul>
        </nav>
        <button
          ref={menuToggle}
          type="button"
          className="icon-button menu-toggle"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? words['nav.closeMenu'] : words['nav.openMenu']}
          onClick={() => setMobileOpen(!mobileOpen)}
        >
          {mobileOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>
      <nav id="mobile-menu" aria-label={words['nav.mobile']} className="mobile-menu" hidden={!mobileOpen}>
        <ul>
          {items.map((item) => (
            <li key={item} data-nav={item}>
              {/* Close at the tap, not when the next page has loaded: on a slow phone that can take a while. */}
              <NavEntry item={item} place="mobile" onFollowLink={() => setMobileOpen(false)} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
