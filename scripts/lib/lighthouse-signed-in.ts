// The signed-in screens `npm run lighthouse -- --signed-in` measures: staff accounts made through the running
// server's control socket, some work for them through its API (leads, a job with candidates), and each screen with
// the session cookie of the role that opens it.
import { controlRequest, readJsonAnswer } from '../../src/server/control/control-client';
import { jobRequestSubmission, reviewedJob } from '../../tests/support/published-job';
import { fail } from './cli';

const PASSWORD = 'lighthouse staff password';

/** A cookie of a session, as the login set it. */
export interface SessionCookie {
  name: string;
  value: string;
  httpOnly: boolean;
}

/** A screen as a signed-in user opens it: the address and their session's cookies. */
export interface SignedInRoute {
  route: string;
  label: string;
  cookies: SessionCookie[];
}

async function createAccount(dataDir: string, username: string, role: string, name: string) {
  const response = await controlRequest(dataDir, 'POST', '/create-user', { username, password: PASSWORD, role, name, city: 'Surat' });
  const answer = response && (await readJsonAnswer<{ id?: string; problem?: string }>(response));
  if (!response || response.statusCode !== 201 || !answer?.id) fail(`Could not make ${username}: ${answer?.problem ?? 'no answer'}`);
  return answer!.id!;
}

/** Signs in as /login does: the session's cookies. */
async function signIn(base: string, username: string): Promise<SessionCookie[]> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!response.ok) fail(`Could not sign in as ${username}: ${response.status}`);
  return response.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';');
    const at = pair.indexOf('=');
    const httpOnly = attributes.some((a) => a.trim().toLowerCase() === 'httponly');
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), httpOnly };
  });
}

/** Cookies as a request's Cookie header. */
const header = (cookies: SessionCookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function send(base: string, path: string, body: unknown, cookie = '') {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) fail(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A BDE with leads in their To do and an admin with a job of three candidates, on a server started with CAPTCHA=off;
 * the screens the issue names: the BDE portal, a lead, the jobs, a job's pipeline and the admin dashboard.
 */
export async function signedInRoutes(base: string, dataDir: string): Promise<SignedInRoute[]> {
  const bdeId = await createAccount(dataDir, 'lighthouse.bde', 'BDE', 'Bala Krishnan');
  await createAccount(dataDir, 'lighthouse.admin', 'ADMIN', 'Asha Rao');
  const adminCookies = await signIn(base, 'lighthouse.admin');
  const admin = header(adminCookies);
  const leads: string[] = [];
  for (let i = 0; i < 12; i++) {
    const lead = await send(base, '/api/forms/consultation', {
      page: '/it-recruitment',
      captcha: 'off',
      data: {
        name: `Priya Sharma ${i + 1}`,
        email: `priya.${i}@example.com`,
        contact: `98765${String(10000 + i)}`,
        lookingFor: 'Candidate',
      },
    });
    leads.push(String(lead.id));
  }
  for (const id of leads) {
    const response = await fetch(`${base}/api/leads/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ assignedTo: bdeId }),
    });
    if (!response.ok) fail(`assigning a lead: ${response.status} ${await response.text()}`);
  }
  const request = await send(base, '/api/forms/job-posting', jobRequestSubmission);
  const job = (await send(base, `/api/job-requests/${request.id}/publish`, reviewedJob, admin)).job as { id: string };
  for (const [name, email, phone] of [
    ['Ravi Patil', 'ravi@example.com', '9123456780'],
    ['Meena Joshi', 'meena@example.com', '9123456781'],
    ['Karan Shah', 'karan@example.com', '9123456782'],
  ])
    await send(base, `/api/jobs/public/${job.id}/applications`, { data: { name, email, phone }, captcha: 'off' });
  const bde = await signIn(base, 'lighthouse.bde');
  return [
    { route: '/bde-portal', label: '/bde-portal (BDE)', cookies: bde },
    { route: `/bde-portal?lead=${leads[0]}`, label: 'a lead (BDE)', cookies: bde },
    { route: '/jobs', label: '/jobs (BDE)', cookies: bde },
    { route: `/jobs/${job.id}`, label: "a job's pipeline (admin)", cookies: adminCookies },
    { route: '/admin', label: '/admin (admin)', cookies: adminCookies },
  ];
}
