import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { LoginBody, SessionReply } from '../../shared/api/auth';
import { api, ApiError } from '../../lib/api-client';
import { homePathFor } from '../../shared/app-routes';
import { matchesPattern } from '../../shared/route-match';
import { site } from '../../content/site';
import { notifySessionChange } from '../../lib/session-cookies';
import { useSession } from '../../lib/use-session';
import { FormBanner } from '../../ui/form-banner';
import { TextField } from '../../ui/text-field';

const noSubscription = () => () => undefined;

const ERROR_ID = 'login-error';

/** What a refusal says about the username and password themselves, as opposed to a fault on the way or a wait. */
const refusesCredentials = (status: number) => status === 400 || status === 401;

/** False on the server and while React takes over its HTML, true from then on. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * /login: staff sign in with the username and password an administrator gave them, then start at their role's home.
 * Shown in place of a protected route to a visitor (/view-forms), it leaves them on that route once signed in.
 */
export default function LoginScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const inPlace = !matchesPattern('/login', useLocation().pathname);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  /** The error is about what was typed: both fields are marked invalid and point to it. */
  const [fieldsInvalid, setFieldsInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  if (session.loggedIn && !busy && !inPlace) return <Navigate to={homePathFor(session.role)} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: what was typed while the page was still loading counts too.
    const fields = new FormData(event.currentTarget);
    const username = String(fields.get('username') ?? '');
    const password = String(fields.get('password') ?? '');
    if (!username.trim() || !password) {
      setFieldsInvalid(true);
      return setError('Enter your username and password.');
    }
    setBusy(true);
    setError(null);
    setFieldsInvalid(false);
    try {
      const { user } = await api<SessionReply>('/api/auth/login', { body: { username, password } satisfies LoginBody });
      notifySessionChange();
      // In place, the route's guard now shows the route itself (or says the role cannot open it).
      if (!inPlace) navigate(homePathFor(user.role), { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
      setFieldsInvalid(e instanceof ApiError && refusesCredentials(e.status));
      setBusy(false);
    }
  }

  // One message answers for both fields: screen readers read it with whichever field they are on.
  const invalid =
    error && fieldsInvalid ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID, 'aria-errormessage': ERROR_ID } : undefined;

  return (
    <section className="block login">
      <title>{`Login | ${site.brand.name}`}</title>
      <meta
        name="description"
        content={`Sign in to the ${site.brand.name} portal: jobs, candidates and leads for our team and partners.`}
      />
      <div className="container narrow">
        <div className="form-card">
          <h1 className="form-heading">Log in to the portal</h1>
          <p className="form-intro">For our team, franchise partners, recruiters and hiring managers.</p>
          {/* Posted, never sent in the address, should the browser ever send it itself. */}
          <form method="post" onSubmit={submit} noValidate>
            <TextField id="login-username" label="Username" name="username" autoComplete="username" {...invalid} />
            <TextField id="login-password" label="Password" type="password" name="password" autoComplete="current-password" {...invalid} />
            <FormBanner id={ERROR_ID} message={error} />
            {/* Until the page has loaded its code, a click or Enter would make the browser send the form itself. */}
            <button type="submit" className="button button-block" disabled={busy || !hydrated}>
              {busy ? 'Logging in…' : 'Log in'}
            </button>
          </form>
          <p className="form-consent">Forgot your password? Ask your administrator to reset it.</p>
        </div>
      </div>
    </section>
  );
}
