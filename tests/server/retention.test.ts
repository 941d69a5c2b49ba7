import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/housekeeping/sweep-expired';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { publishedJob } from '../support/published-job';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// The periods of pages/site.json: leads 24 months, rejected recruiter applications 6, job applications 12,
// inactive newsletter sign-ups 30 days, unclaimed uploads 1 day.
describe.each(databaseKinds)('retention on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
  });
  afterAll(() => server.close());

  const sql = (text: string, params: unknown[] = []) => server.db.query<Record<string, any>>(text, params);
  async function upload() {
    const body = new FormData();
    body.append('kind', 'resume');
    body.append('file', new Blob([pdf], { type: 'application/pdf' }), 'resume.pdf');
    const response = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: body });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  async function submit(form: string, page: string, data: Record<string, string>) {
    const response = await server.app.inject({ method: 'POST', url: `/api/forms/${form}`, payload: { page, data, captcha: 'x' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }
  const fileOf = async (uploadId: string) => {
    const [row] = await sql('select stored_name from uploads where id = $1', [uploadId]);
    return join(server.dataDir, 'uploads', row!.stored_name);
  };
  const consultation = (name: string) =>
    submit('consultation', '/it-recruitment', { name, email: 'lead@example.com', contact: '9876543210', lookingFor: 'Job' });
  const recruiter = (name: string) =>
    submit('recruiter-application', '/apply-as-a-recruiter', {
      name,
      email: 'recruiter@example.com',
      phone: '9876543210',
      city: 'Pune',
      experience: '1-3',
    });
  const newsletter = (email: string) => submit('newsletter', '/franchise/visakhapatnam', { email });
  const age = (table: string, id: string, column: string, interval: string) =>
    sql(`update ${table} set ${column} = now() - $2::interval where id = $1`, [id, interval]);

  it('removes exactly the records past their period, with their files and queued mail', async () => {
    const admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
    const jobId = await publishedJob(server.app, admin);

    const resume = await upload();
    const oldRegistration = await submit('visakhapatnam-registration', '/franchise/visakhapatnam', {
      name: 'Old Lead',
      email: 'old@example.com',
      phone: '9876543210',
      role: 'student',
      resume,
    });
    const oldResumeFile = await fileOf(resume);
    await age('submissions', oldRegistration, 'created_at', '25 months');
    const recentLead = await consultation('Recent Lead');
    await age('submissions', recentLead, 'created_at', '23 months');

    const rejectedLongAgo = await recruiter('Rejected Long Ago');
    const rejectedLately = await recruiter('Rejected Lately');
    const pendingRecruiter = await recruiter('Still Pending');
    await sql(`update submissions set status = 'closed', updated_at = now() - interval '7 months' where id = $1`, [rejectedLongAgo]);
    await sql(`update submissions set status = 'closed', updated_at = now() - interval '5 months' where id = $1`, [rejectedLately]);
    await age('submissions', pendingRecruiter, 'created_at', '7 months');

    const neverConfirmed = await newsletter('never@example.com');
    const confirmed = await newsletter('reader@example.com');
    const unsubscribed = await newsletter('gone@example.com');
    const freshSignUp = await newsletter('fresh@example.com');
    for (const id of [neverConfirmed, confirmed, unsubscribed]) await age('submissions', id, 'created_at', '40 days');
    await age('submissions', confirmed, 'confirmed_at', '39 days');
    await age('submissions', unsubscribed, 'consent_withdrawn_at', '31 days');
    await age('submissions', freshSignUp, 'created_at', '29 days');

    const apply = async (email: string) => {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/jobs/public/${jobId}/applications`,
        payload: { data: { name: 'Applicant', email, phone: '9123456780' }, captcha: 'x' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const oldApplication = await apply('old-applicant@example.com');
    const recentApplication = await apply('new-applicant@example.com');
    await age('job_applications', oldApplication, 'created_at', '13 months');
    await age('job_applications', recentApplication, 'created_at', '11 months');

    const [abandoned, lately] = [await upload(), await upload()];
    // Their own lifetime (UNCLAIMED_UPLOAD_MINUTES) left aside: the day of the retention config decides here.
    await sql(`update uploads set expires_at = now() + interval '1 day' where id in ($1, $2)`, [abandoned, lately]);
    await age('uploads', abandoned, 'created_at', '25 hours');
    await age('uploads', lately, 'created_at', '23 hours');

    const { retained } = await sweepExpired(server.db, server.dataDir, { retention: server.app.siteConfig.privacy.retention });

    expect(retained).toEqual({ leads: 1, rejectedApplications: 1, newsletterInactive: 2, jobApplications: 1, unclaimedUploads: 1 });
    const submissions = (await sql('select id from submissions')).map((r) => r.id);
    for (const gone of [oldRegistration, rejectedLongAgo, neverConfirmed, unsubscribed]) expect(submissions).not.toContain(gone);
    for (const kept of [recentLead, rejectedLately, pendingRecruiter, confirmed, freshSignUp]) expect(submissions).toContain(kept);
    expect(await sql('select 1 from outbox where submission_id = $1', [oldRegistration])).toEqual([]);
    expect(await sql('select 1 from consent_tokens where submission_id = any($1::uuid[])', [[neverConfirmed, unsubscribed]])).toEqual([]);
    expect(existsSync(oldResumeFile)).toBe(false);
    expect((await sql('select id from job_applications')).map((r) => r.id)).toEqual([recentApplication]);
    const uploads = (await sql('select id from uploads')).map((r) => r.id);
    expect(uploads).not.toContain(abandoned);
    expect(uploads).toContain(lately);
    // The job published from a free job posting stays, whatever becomes of the posting.
    expect(await sql('select 1 from jobs where id = $1', [jobId])).toHaveLength(1);

    // A second run finds nothing more.
    const again = await sweepExpired(server.db, server.dataDir, { retention: server.app.siteConfig.privacy.retention });
    expect(Object.values(again.retained!).every((n) => n === 0)).toBe(true);
  });
});
