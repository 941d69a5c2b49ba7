import { createContext, useContext, useSyncExternalStore } from 'react';
import { loggedOut, sessionFromCookies, type Session } from '../shared/session';
import type { Success } from '../shared/api/common';
import { api } from './api-client';
import { clearSessionCookies, SESSION_CHANGE_EVENT } from './session-cookies';

let cached: { header: string; session: Session } = { header: '', session: loggedOut };

function snapshot(): Session {
  const header = document.cookie;
  if (header !== cached.header) cached = { header, session: sessionFromCookies(header) };
  return cached.session;
}

function subscribe(listener: () => void) {
  window.addEventListener(SESSION_CHANGE_EVENT, listener);
  // Cookies have no change event everywhere; a tab regaining focus is when another tab may have logged in or out.
  window.addEventListener('focus', listener);
  return () => {
    window.removeEventListener(SESSION_CHANGE_EVENT, listener);
    window.removeEventListener('focus', listener);
  };
}

/**
 * The session a page was rendered for on the server: a visitor's (logged out) for prerendered pages and islands, the
 * signed-in user's for a portal screen the server rendered for them. Hydration renders with it, as the server did.
 */
export const RenderedSession = createContext<Session>(loggedOut);

/** The session as cookies tell it; on the server and while hydrating, the one the page was rendered for. */
export function useSession(): Session {
  const rendered = useContext(RenderedSession);
  return useSyncExternalStore(subscribe, snapshot, () => rendered);
}

/**
 * Ends the session on the server, removes the seven session cookies, then goes home and reloads, as the spec's
 * logout does. The cookies go even when the server cannot be reached.
 */
export async function logout() {
  await api<Success>('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
  clearSessionCookies();
  window.location.assign('/');
}
