import { SESSION_COOKIES } from '../shared/constants';

/** Dispatched on window when this tab's session cookies change: a login, a logout, a session the server ended. */
export const SESSION_CHANGE_EVENT = 'hireframe:session-change';

/** Tells the UI the cookies changed (after a login). */
export function notifySessionChange() {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

/**
 * Removes the session cookies a script can reach, and tells the UI, which then shows a visitor's navigation.
 * jwt_token is httpOnly: only the server's answer to a logout removes it.
 */
export function clearSessionCookies() {
  for (const name of SESSION_COOKIES) document.cookie = `${name}=; Max-Age=0; path=/`;
  notifySessionChange();
}
