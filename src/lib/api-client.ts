import { sessionFromCookies } from '../shared/session';
import { clearSessionCookies } from './session-cookies';

/** An answer of the API that is not a success, with the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: { field: string; message: string }[] = [],
    /** Whether the message is the server's own words rather than a generic one. */
    readonly fromServer = false,
  ) {
    super(message);
  }
}

/** What to tell the user of a failed request: the server's own words, or a plain apology. */
export const messageOf = (error: unknown, fallbackText = 'Something went wrong. Please try again.') =>
  error instanceof ApiError ? error.message : fallbackText;

const fallback = (status: number) =>
  status === 401 ? 'Please log in to continue.' : status === 403 ? 'You do not have permission to do that.' : 'Something went wrong.';

/** Calls the API with the session cookie; answers JSON or throws ApiError with the server's own message. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  // The server takes changes as JSON only (a form of another site cannot send that), so a body-less change sends {}.
  const payload = init.body ?? (method === 'GET' || method === 'HEAD' ? undefined : {});
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: payload === undefined ? undefined : { 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const body = await response.json().catch(() => ({}));
  if (response.status === 401) forgetEndedSession();
  if (!response.ok) {
    const errors = Array.isArray(body.errors) ? body.errors : [];
    const own: string | undefined = body.error ?? errors[0]?.message;
    throw new ApiError(response.status, own ?? fallback(response.status), errors, own !== undefined);
  }
  return body as T;
}

/**
 * A 401 while the cookies still tell of a session means the server ended it (expired or revoked): the tab forgets it,
 * so the navigation is a visitor's again and protected screens send the visitor away, and asks the server to remove
 * the httpOnly jwt_token too.
 */
function forgetEndedSession() {
  if (typeof document === 'undefined' || !sessionFromCookies(document.cookie).loggedIn) return;
  clearSessionCookies();
  void api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
}
