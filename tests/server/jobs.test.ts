import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { reviewedJob } from '../support/published-job';
import { jobPostingJsonLd, jsonLdScriptText } from '../../src/portal/jobs/job-posting-json-ld';
import { parseSalary } from '../../src/portal/jobs/parse-salary';
import { salaryRange } from '../../src/portal/jobs/job-format';
import { addDays, todayInKolkata } from '../../src/server/jobs/rules';
import type { PublicJob } from '../../src/shared/api/jobs';
import { errorBody } from '../../src/server/http/error-reply';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Cookies = Record<string, string>;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const posting = {
  companyName: 'Sahyadri Foods Pvt Ltd',
  contactName: 'Neha Kulkarni',
  email: 'neha@sahyadri.example',
  phone: '9876543210',
  jobTitle: 'Accounts Executive',
  location: 'Pune',
  employmentType: 'FULL_TIME',
  openings: 2,
  experience: '1-3',
  salary: '3,00,000 - 4,50,000',
  description: 'Maintain ledgers in Tally, GST filings and vendor payments.',
};

const reviewed = (overrides: Record<string, unknown> = {}) => ({ ...reviewedJob, ...overrides });

describe('job helpers', () => {
  it('reads the salary employers write into rupees a year', () => {
    expect(parseSalary('3,00,000 - 4,50,000')).toEqual({ min: 300000, max: 450000 });
    expect(parseSalary('3-4.5 LPA')).toEqual({ min: 300000, max: 450000 });
    expect(parseSalary('20,000 - 25,000 per month')).toEqual({ min: 240000, max: 300000 });
    expect(parseSalary('As per industry standards')).toEqual({ min: null, max: null });
  });

  it('shows salaries with Indian digit grouping', () => {
    expect(salaryRange({ salaryMin: 300000, salaryMax: 450000 })).toBe('₹3,00,000 – ₹4,50,000 a year');
    expect(salaryRange({ salaryMin: 1200000, salaryMax: null })).toBe('From ₹12,00,000 a year');
    expect(salaryRange({ salaryMin: null, salaryMax: null })).toBeNull();
  });

  it('escapes "<" so a field cannot end the JSON-LD script', () => {
    const text = jsonLdScriptText({ description: 'Skills: C++ </script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text).description).toBe('Skills: C++ </script><script>alert(1)</script>');
  });
});

describe.each(databaseKinds)('jobs API on %s', (kind) => {
  let server: Server;
  let admin: Cookies;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
  });
  afterAll(() => server.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, cookies?: Cookies, payload?: unknown) =>
    server.app.inject({ method, url, cookies, payload: payload as object });
  const rows = (sql: string, params: unknown[] = []) => server.db.query<Record<string, any>>(sql, params);

  /** A job request the way employers send one: the job-posting form on /free-job-posting. */
  async function submitRequest(data: Record<string, unknown> = {}): Promise<string> {
    const response = await inject('POST', '/api/forms/job-posting', undefined, {
      page: '/free-job-posting',
      data: { ...posting, ...data },
      captcha: 'x',
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  async function publish(requestId: string, body: Record<string, unknown> = reviewed(), cookies = admin) {
    const response = await inject('POST', `/api/job-requests/${requestId}/publish`, cookies, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().job as PublicJob & { id: string };
  }

  async function uploadResume(): Promise<string> {
    const body = new FormData();
    body.append('kind', 'resume');
    body.append('file', new Blob([new Uint8Array(pdf)]), 'Ravi Resume.pdf');
    const response = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: body });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  it('publishes a free job posting that then lists under its city and has its own page with valid JobPosting JSON-LD', async () => {
    const requestId = await submitRequest();

    const requested = await inject('GET', `/api/job-requests/${requestId}`, admin);
    expect(requested.statusCode).toBe(200);
    expect(requested.json().request).toMatchObject({
      id: requestId,
      status: 'new',
      city: 'Pune',
      job: null,
      data: { jobTitle: 'Accounts Executive', salary: '3,00,000 - 4,50,000' },
    });

    const job = await publish(requestId);
    expect(job).toMatchObject({
      title: 'Accounts Executive',
      location: 'Pune',
      status: 'published',
      expired: false,
      jobRequestId: requestId,
    });
    // Without a date it stays open 30 days.
    expect(job.validThrough).toBe(addDays(todayInKolkata(), 30));

    const submission = first(await rows('select status from submissions where id = $1', [requestId]), 'the job request submission');
    // Publishing the job does not make the employer a client: the person who works the request says so.
    expect(submission.status).toBe('new');
    const activity = await rows(`select action, subject_id from activity where action = 'job.published'`);
    expect(activity).toContainEqual({ action: 'job.published', subject_id: job.id });
    expect((await inject('GET', `/api/job-requests/${requestId}`, admin)).json().request.job).toEqual({ id: job.id, status: 'published' });

    const inPune = (await inject('GET', '/api/jobs/public?location=pune')).json();
    expect(inPune).toMatchObject({ pageSize: 10, prevCursor: null });
    expect(inPune.items.map((j: { id: string }) => j.id)).toContain(job.id);
    const inMumbai = (await inject('GET', '/api/jobs/public?location=Mumbai')).json();
    expect(inMumbai.items.map((j: { id: string }) => j.id)).not.toContain(job.id);
    expect((await inject('GET', '/api/jobs/public?q=tally')).json().items.map((j: { id: string }) => j.id)).toContain(job.id);

    const page = await inject('GET', `/api/jobs/public/${job.id}`);
    expect(page.statusCode).toBe(200);
    const publicJob = page.json().job as PublicJob;
    expect(publicJob).toMatchObject({
      id: job.id,
      title: 'Accounts Executive',
      companyName: 'Sahyadri Foods Pvt Ltd',
      expired: false,
      salaryMin: 300000,
      salaryMax: 450000,
    });
    // Who is assigned the request and who published it stay inside the portal.
    expect(publicJob).not.toHaveProperty('assignedTo');
    expect(publicJob).not.toHaveProperty('createdBy');

    const ld = JSON.parse(jsonLdScriptText(jobPostingJsonLd(publicJob)));
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Accounts Executive',
      description: 'Maintain ledgers in Tally, GST filings and vendor payments.',
      datePosted: todayInKolkata(),
      validThrough: `${job.validThrough}T23:59:59+05:30`,
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Sahyadri Foods Pvt Ltd' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressCountry: 'IN' } },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'INR',
        value: { '@type': 'QuantitativeValue', minValue: 300000, maxValue: 450000, unitText: 'YEAR' },
      },
    });
    expect(JSON.parse(jsonLdScriptText(jobPostingJsonLd({ ...publicJob, salaryMin: null, salaryMax: null })))).not.toHaveProperty(
      'baseSalary',
    );
  });

  it('publishing again updates the same job instead of making a second', async () => {
    const requestId = await submitRequest();
    const first = await publish(requestId);
    const again = await inject('POST', `/api/job-requests/${requestId}/publish`, admin, reviewed({ title: 'Senior Accounts Executive' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().job).toMatchObject({ id: first.id, title: 'Senior Accounts Executive' });
    expect(await rows('select id from jobs where job_request_id = $1', [requestId])).toHaveLength(1);
  });

  it('treats Gurgaon and Gurugram as one city', async () => {
    const job = await publish(await submitRequest({ location: 'Gurugram' }), reviewed({ location: 'Gurugram, Haryana' }));
    const found = (await inject('GET', '/api/jobs/public?location=Gurgaon')).json();
    expect(found.items.map((j: { id: string }) => j.id)).toContain(job.id);
  });

  it('refuses a last date that is not in the future and a salary range that runs downwards', async () => {
    const requestId = await submitRequest();
    const past = await inject('POST', `/api/job-requests/${requestId}/publish`, admin, reviewed({ validThrough: todayInKolkata() }));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'validThrough', message: 'The last date to apply must be in the future.' }]);
    const downwards = await inject(
      'POST',
      `/api/job-requests/${requestId}/publish`,
      admin,
      reviewed({ salaryMin: 500000, salaryMax: 400000 }),
    );
    expect(downwards.statusCode).toBe(400);
    expect(downwards.json().error).toBe('The maximum salary must not be less than the minimum.');
    const missing = await inject('POST', `/api/job-requests/${requestId}/publish`, admin, reviewed({ title: '  ' }));
    expect(missing.statusCode).toBe(400);
    expect(await rows('select id from jobs where job_request_id = $1', [requestId])).toHaveLength(0);
  });

  it('takes an expired job off the list; its page says it is expired and it takes no applications', async () => {
    const job = await publish(await submitRequest(), reviewed({ title: 'Store Manager', validThrough: addDays(todayInKolkata(), 5) }));
    await rows(`update jobs set valid_through = $2::date where id = $1`, [job.id, addDays(todayInKolkata(), -1)]);
    const list = (await inject('GET', '/api/jobs/public?location=Pune')).json();
    expect(list.items.map((j: { id: string }) => j.id)).not.toContain(job.id);
    const page = await inject('GET', `/api/jobs/public/${job.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().job).toMatchObject({ id: job.id, expired: true });
    const apply = await inject('POST', `/api/jobs/public/${job.id}/applications`, undefined, {
      data: { name: 'Ravi', email: 'ravi@example.com', phone: '9876543210' },
      captcha: 'x',
    });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().errors[0].message).toBe('This job is no longer accepting applications.');
  });

  it('a job valid through today is still listed', async () => {
    const job = await publish(await submitRequest(), reviewed({ title: 'Cashier' }));
    await rows(`update jobs set valid_through = $2::date where id = $1`, [job.id, todayInKolkata()]);
    expect((await inject('GET', '/api/jobs/public?location=Pune&q=cashier')).json().items.map((j: { id: string }) => j.id)).toEqual([
      job.id,
    ]);
  });

  it('closing a job takes it off the list; drafts and unknown ids are 404', async () => {
    const job = await publish(await submitRequest(), reviewed({ title: 'Delivery Lead' }));
    const closed = await inject('PATCH', `/api/jobs/${job.id}`, admin, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().job).toMatchObject({ status: 'closed', expired: true });
    expect((await inject('GET', '/api/jobs/public?q=delivery')).json().total).toBe(0);
    expect((await inject('GET', `/api/jobs/public/${job.id}`)).json().job.expired).toBe(true);

    await rows(`update jobs set status = 'draft' where id = $1`, [job.id]);
    expect((await inject('GET', `/api/jobs/public/${job.id}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/jobs/public/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await inject('GET', '/api/jobs/public/not-an-id')).statusCode).toBe(404);
  });

  it('pages the public list ten at a time, newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 11; i++)
      ids.push((await publish(await submitRequest({ location: 'Nagpur' }), reviewed({ title: `Picker ${i}`, location: 'Nagpur' }))).id);
    const first = (await inject('GET', '/api/jobs/public?location=nagpur')).json();
    expect(first).toMatchObject({ total: 11, totalExact: true, pageSize: 10, prevCursor: null });
    expect(first.items).toHaveLength(10);
    const second = (await inject('GET', `/api/jobs/public?location=nagpur&after=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ total: 11, nextCursor: null, prevCursor: expect.any(String) });
    expect(second.items.map((j: { id: string }) => j.id)).toEqual([ids[0]]);
    expect([...first.items, ...second.items].map((j: { id: string }) => j.id)).toEqual([...ids].reverse());

    // The site's links name the page by number: page 2 is the same as the cursor's, page 1 the first.
    const byNumber = (await inject('GET', '/api/jobs/public?location=nagpur&page=2')).json();
    expect(byNumber).toMatchObject({ total: 11, nextCursor: null, prevCursor: expect.any(String) });
    expect(byNumber.items).toEqual(second.items);
    expect((await inject('GET', '/api/jobs/public?location=nagpur&page=1')).json().items).toEqual(first.items);
    const past = (await inject('GET', '/api/jobs/public?location=nagpur&page=3')).json();
    expect(past).toMatchObject({ items: [], total: 11, nextCursor: null, prevCursor: null });
    for (const page of ['0', '-1', 'two', '1.5', '1001']) {
      const refused = await inject('GET', `/api/jobs/public?page=${page}`);
      expect(refused.statusCode, page).toBe(400);
      expect(refused.json().error).toEqual(expect.any(String));
    }
  });

  it('lets a BDE reach only the requests assigned to them, and an FBDE those of their city', async () => {
    const requestId = await submitRequest();
    const bde = await loginAs(server.app, server.db, 'BDE');
    const otherBde = await loginAs(server.app, server.db, 'BDE');
    await rows('update submissions set assigned_to = $2 where id = $1', [requestId, bde.id]);

    expect((await inject('GET', `/api/job-requests/${requestId}`, otherBde.cookies)).statusCode).toBe(404);
    expect((await inject('POST', `/api/job-requests/${requestId}/publish`, otherBde.cookies, reviewed())).statusCode).toBe(404);
    expect((await inject('GET', `/api/job-requests/${requestId}`, bde.cookies)).statusCode).toBe(200);

    const puneFbde = await loginAs(server.app, server.db, 'FBDE', { city: 'pune' });
    const mumbaiFbde = await loginAs(server.app, server.db, 'FBDE', { city: 'Mumbai' });
    expect((await inject('GET', `/api/job-requests/${requestId}`, puneFbde.cookies)).statusCode).toBe(200);
    expect((await inject('GET', `/api/job-requests/${requestId}`, mumbaiFbde.cookies)).statusCode).toBe(404);

    const job = await publish(requestId, reviewed(), bde.cookies);
    expect((await inject('PATCH', `/api/jobs/${job.id}`, otherBde.cookies, { openings: 3 })).statusCode).toBe(403);
    const edited = await inject('PATCH', `/api/jobs/${job.id}`, puneFbde.cookies, { openings: 3 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().job.openings).toBe(3);
  });

  it('answers 401 without a session and 403 to roles that may not', async () => {
    const requestId = await submitRequest();
    expect((await inject('GET', `/api/job-requests/${requestId}`)).statusCode).toBe(401);
    expect((await inject('POST', `/api/job-requests/${requestId}/publish`, undefined, reviewed())).statusCode).toBe(401);
    expect((await inject('GET', '/api/jobs')).statusCode).toBe(401);
    expect((await inject('GET', '/api/jobs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    const recruiter = await loginAs(server.app, server.db, 'RECRUITER');
    const denied = await inject('GET', `/api/job-requests/${requestId}`, recruiter.cookies);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(errorBody('You do not have permission to do that.'));
    expect((await inject('POST', `/api/job-requests/${requestId}/publish`, recruiter.cookies, reviewed())).statusCode).toBe(403);
    expect(
      (await inject('PATCH', '/api/jobs/00000000-0000-4000-8000-000000000000', recruiter.cookies, { status: 'closed' })).statusCode,
    ).toBe(403);
    expect((await inject('GET', '/api/jobs', recruiter.cookies)).statusCode).toBe(200);
  });

  it('stores an application with its resume, which /api/jobs/:id shows to those who work the job', async () => {
    const job = await publish(await submitRequest(), reviewed({ title: 'Tally Operator' }));
    const resume = await uploadResume();
    const applied = await inject('POST', `/api/jobs/public/${job.id}/applications`, undefined, {
      // Written as Indians write a number: the form once refused it as not "10 digit".
      data: { name: 'Ravi Patil', email: 'ravi@example.com', phone: '91234 56780', resume, role: 'ignored' },
      captcha: 'x',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().id;
    // The recruiters are told and the applicant gets a receipt, through the outbox.
    const mail = await rows(`select kind, payload from outbox where payload->>'subject' like '%Tally Operator%' order by id`);
    expect(mail.map((m) => [m.kind, m.payload.to, m.payload.subject])).toEqual([
      ['email', ['careers@hireframe.in'], expect.stringMatching(/^Job application: Tally Operator at .+ - Ravi Patil$/)],
      ['ack', ['ravi@example.com'], expect.stringMatching(/^Your application for Tally Operator at /)],
    ]);

    const again = await inject('POST', `/api/jobs/public/${job.id}/applications`, undefined, {
      data: { name: 'Ravi Patil', email: 'RAVI@example.com', phone: '9123456780' },
      captcha: 'x',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ field: 'email', message: 'You have already applied for this job with this email.' }]);

    // The same upload cannot ride along with a second application.
    const reused = await inject('POST', `/api/jobs/public/${job.id}/applications`, undefined, {
      data: { name: 'Someone Else', email: 'else@example.com', phone: '9123456781', resume },
      captcha: 'x',
    });
    expect(reused.json().errors).toEqual([{ field: 'resume', message: 'Please upload the file again.' }]);

    const invalid = await inject('POST', `/api/jobs/public/${job.id}/applications`, undefined, {
      data: { name: ' ', email: 'x@', phone: '123' },
      captcha: 'x',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'phone', message: 'Enter a valid 10 digit phone number' },
    ]);

    const detail = (await inject('GET', `/api/jobs/${job.id}`, admin)).json();
    expect(detail).toMatchObject({ applicantCount: 1, canSeeApplicants: true, canEdit: true });
    const applicants = (await inject('GET', `/api/jobs/${job.id}/applicants`, admin)).json();
    expect(applicants).toMatchObject({ total: 1, totalExact: true, nextCursor: null, prevCursor: null });
    expect(applicants.applicants).toEqual([
      {
        id: applicationId,
        name: 'Ravi Patil',
        email: 'ravi@example.com',
        phone: '+919123456780',
        appliedAt: expect.any(String),
        hasResume: true,
        resumeUrl: `/api/jobs/${job.id}/applicants/${applicationId}/resume`,
        // The job application's own message to start from, signed by whoever reads the list.
        whatsapp: {
          en: expect.stringMatching(/^Hello Ravi Patil, this is .+ from Hireframe\. Thank you for applying for a job with us\./),
          hi: expect.stringMatching(/^नमस्ते Ravi Patil, मैं Hireframe से .+। हमारे यहाँ नौकरी के लिए आवेदन करने के लिए धन्यवाद।/),
        },
        // A new application starts the job's pipeline, with no owner yet.
        stage: 'applied',
        stageChangedAt: null,
        interviewAt: null,
        closedReason: null,
        owner: null,
        leadId: null,
      },
    ]);

    const resumeUrl = applicants.applicants[0].resumeUrl;
    const download = await inject('GET', resumeUrl, admin);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Ravi Resume.pdf"/);
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const list = (await inject('GET', '/api/jobs', admin)).json();
    expect(list.items.find((j: { id: string }) => j.id === job.id).applicantCount).toBe(1);

    // A recruiter works open jobs and sees how to reach applicants, but resumes stay with staff.
    const recruiter = await loginAs(server.app, server.db, 'RECRUITER');
    const forRecruiter = (await inject('GET', `/api/jobs/${job.id}`, recruiter.cookies)).json();
    expect(forRecruiter).toMatchObject({ canSeeApplicants: true, canEdit: false });
    const recruiterSees = (await inject('GET', `/api/jobs/${job.id}/applicants`, recruiter.cookies)).json();
    expect(recruiterSees.applicants[0]).toMatchObject({ email: 'ravi@example.com', resumeUrl: null });
    expect((await inject('GET', resumeUrl, recruiter.cookies)).statusCode).toBe(403);

    // A hiring manager sees applicants of their own company's jobs only.
    const ownHm = await loginAs(server.app, server.db, 'HIRING_MANAGER', { hiringFor: 'sahyadri foods pvt ltd' });
    const otherHm = await loginAs(server.app, server.db, 'HIRING_MANAGER', { hiringFor: 'Another Co' });
    expect((await inject('GET', `/api/jobs/${job.id}/applicants`, ownHm.cookies)).json().applicants).toHaveLength(1);
    const forOther = (await inject('GET', `/api/jobs/${job.id}`, otherHm.cookies)).json();
    expect(forOther).toMatchObject({ applicantCount: 1, canSeeApplicants: false });
    expect((await inject('GET', `/api/jobs/${job.id}/applicants`, otherHm.cookies)).statusCode).toBe(403);

    // A BDE who does not work the job cannot download its resumes.
    const bde = await loginAs(server.app, server.db, 'BDE');
    expect((await inject('GET', resumeUrl, bde.cookies)).statusCode).toBe(404);
    expect((await inject('GET', `/api/jobs/${job.id}`, bde.cookies)).json().canSeeApplicants).toBe(false);
  });

  it('keeps the job-application form off the generic form API', async () => {
    const response = await inject('POST', '/api/forms/job-application', undefined, {
      page: '/free-job-posting',
      data: { name: 'Ravi', email: 'ravi@example.com', phone: '9123456780' },
      captcha: 'x',
    });
    expect(response.statusCode).toBe(400);
  });
});
