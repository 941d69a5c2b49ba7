import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { publishedJob } from '../support/published-job';
import { first } from '../support/present';
import { recordsOf } from '../../src/server/data-requests/store';
import { indiaDatePlus } from '../../src/shared/india-time';

/** A joining date after the applications the tests send today, and its month. */
const joiningDate = indiaDatePlus(3);
const month = joiningDate.slice(0, 7);

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Cookies = Record<string, string>;

describe.each(databaseKinds)("a job's pipeline and its placements, on %s", (kind) => {
  let server: Server;
  let admin: Cookies;
  let adminId: string;
  let jobId: string;
  const applicants: Record<string, string> = {};

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, cookies?: Cookies, payload?: unknown) =>
    server.app.inject({ method, url, cookies, payload: payload as object });
  const move = (body: Record<string, unknown>, cookies = admin) => inject('POST', `/api/jobs/${jobId}/applicants/move`, cookies, body);
  const list = async (query = '', cookies = admin) => {
    const response = await inject('GET', `/api/jobs/${jobId}/applicants?${query}`, cookies);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const detail = async (id: string) => (await inject('GET', `/api/jobs/${jobId}/applicants/${id}`, admin)).json();

  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    const login = await loginAs(server.app, server.db, 'ADMIN', { fullName: 'Asha Admin' });
    admin = login.cookies;
    adminId = login.id;
    jobId = await publishedJob(server.app, admin);
    for (const [name, phone] of [
      ['Ravi Patil', '9123456780'],
      ['Meena Joshi', '9123456781'],
      ['Karan Shah', '9123456782'],
    ] as const) {
      const response = await inject('POST', `/api/jobs/public/${jobId}/applications`, undefined, {
        data: { name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com`, phone },
        captcha: 'off',
      });
      expect(response.statusCode, response.body).toBe(201);
      applicants[name] = response.json().id;
    }
  });
  afterAll(() => server.close());

  const ravi = () => applicants['Ravi Patil'] ?? '';
  const meena = () => applicants['Meena Joshi'] ?? '';
  const karan = () => applicants['Karan Shah'] ?? '';

  it('lists every applicant at Applied, with a count per stage', async () => {
    const page = await list();
    expect(page.stageCounts).toMatchObject({ applied: 3, screened: 0, joined: 0, rejected: 0 });
    expect(page.canMove).toBe(true);
    expect(page.canPlace).toBe(true);
    // Whom a candidate may be given to comes with the candidate, where it is chosen.
    expect((await detail(ravi())).owners).toContainEqual({ id: adminId, name: 'Asha Admin' });
    expect(page.applicants.map((a: { stage: string }) => a.stage)).toEqual(['applied', 'applied', 'applied']);
  });

  it('moves several candidates at once, in stage order, each with a line of history', async () => {
    const moved = await move({ ids: [ravi(), meena()], stage: 'screened' });
    expect(moved.json()).toEqual({ moved: 2 });
    // Moving again to the same stage changes nothing and writes no history.
    expect((await move({ ids: [ravi()], stage: 'screened' })).json()).toEqual({ moved: 0 });

    const page = await list();
    expect(page.stageCounts).toMatchObject({ applied: 1, screened: 2 });
    expect(page.applicants.map((a: { name: string; stage: string }) => `${a.stage} ${a.name}`)).toEqual([
      'applied Karan Shah',
      'screened Meena Joshi',
      'screened Ravi Patil',
    ]);
    const screened = await list('stage=screened');
    expect(screened.total).toBe(2);

    const opened = await detail(ravi());
    expect(opened.candidate).toMatchObject({ id: ravi(), name: 'Ravi Patil', stage: 'screened', phone: '+919123456780' });
    expect(opened.job).toMatchObject({ id: jobId, title: 'Accounts Executive' });
    expect(opened.canMove).toBe(true);
    expect(opened.history).toEqual([
      expect.objectContaining({ kind: 'stage', fromStage: 'applied', toStage: 'screened', by: 'Asha Admin' }),
    ]);
  });

  it('asks why a candidate dropped or was rejected, and when the interview is', async () => {
    const rejected = await move({ ids: [karan()], stage: 'rejected', reason: '  ' });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().errors).toEqual([{ field: 'reason', message: 'Say why the candidate is rejected.' }]);
    const interview = await move({ ids: [meena()], stage: 'interview' });
    expect(interview.json().errors).toEqual([{ field: 'interviewAt', message: 'Give the date and time of the interview.' }]);
    expect((await list()).stageCounts).toMatchObject({ applied: 1, screened: 2, rejected: 0, interview: 0 });

    expect((await move({ ids: [karan()], stage: 'rejected', reason: 'No Tally experience' })).json()).toEqual({ moved: 1 });
    const at = '2026-12-02T05:30:00.000Z';
    expect((await move({ ids: [meena()], stage: 'interview', interviewAt: at })).json()).toEqual({ moved: 1 });
    const page = await list();
    const byName = (name: string) => page.applicants.find((a: { name: string }) => a.name === name);
    expect(byName('Karan Shah')).toMatchObject({ stage: 'rejected', closedReason: 'No Tally experience', interviewAt: null });
    expect(byName('Meena Joshi')).toMatchObject({ stage: 'interview', interviewAt: at, closedReason: null });
    expect((await detail(karan())).history).toEqual([
      expect.objectContaining({ kind: 'stage', fromStage: 'applied', toStage: 'rejected', reason: 'No Tally experience' }),
    ]);
  });

  it('gives a candidate an owner and notes, in the history', async () => {
    const recruiter = await loginAs(server.app, server.db, 'RECRUITER', { fullName: 'Rohit Recruiter' });
    const owned = await inject('PATCH', `/api/jobs/${jobId}/applicants/${ravi()}`, admin, { ownerId: recruiter.id });
    expect(owned.statusCode, owned.body).toBe(200);
    const noted = await inject('POST', `/api/jobs/${jobId}/applicants/${ravi()}/notes`, admin, { body: 'Notice period 30 days' });
    expect(noted.statusCode).toBe(201);
    const page = await list();
    expect(page.applicants.find((a: { id: string }) => a.id === ravi()).owner).toEqual({ id: recruiter.id, name: 'Rohit Recruiter' });
    expect(
      (await detail(ravi())).history.map((e: { kind: string; owner: string | null; body: string | null }) => [e.kind, e.owner ?? e.body]),
    ).toEqual([
      ['stage', null],
      ['owner', 'Rohit Recruiter'],
      ['note', 'Notice period 30 days'],
    ]);
    // The notes are the person's data too: a request to see it gets them.
    const { jobApplications } = await recordsOf(server.db, { who: 'ravi@example.com', byPhone: false });
    expect(jobApplications[0]).toMatchObject({
      stage: 'screened',
      history: expect.arrayContaining([expect.objectContaining({ note: 'Notice period 30 days' })]),
    });
    // Only active staff own candidates.
    const hiringManager = await loginAs(server.app, server.db, 'HIRING_MANAGER');
    const wrongOwner = await inject('PATCH', `/api/jobs/${jobId}/applicants/${ravi()}`, admin, { ownerId: hiringManager.id });
    expect(wrongOwner.statusCode).toBe(400);

    // The recruiter works the open job's pipeline; a hiring manager of another company sees none of it.
    expect((await move({ ids: [ravi()], stage: 'shortlisted' }, recruiter.cookies)).json()).toEqual({ moved: 1 });
    expect((await move({ ids: [ravi()], stage: 'applied' }, hiringManager.cookies)).statusCode).toBe(404);
  });

  it('adds a registration as a candidate once, and shows them in the person timeline', async () => {
    const [lead] = await server.db.query<{ id: string }>(
      `insert into submissions (form_id, collection, page, city, data, person_id)
       values ('city-registration', 'Registrations', '/franchise/pune', 'Pune', $1, person_of('+919000011111', 'sana@example.com'))
       returning id`,
      [JSON.stringify({ name: 'Sana Sheikh', email: 'sana@example.com', phone: '+919000011111', role: 'jobseeker' })],
    );
    const leadId = lead?.id ?? '';
    const added = await inject('POST', `/api/jobs/${jobId}/candidates`, admin, { leadId });
    expect(added.statusCode, added.body).toBe(201);
    const again = await inject('POST', `/api/jobs/${jobId}/candidates`, admin, { leadId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This person is already a candidate for this job.');

    const sana = (await list('stage=applied')).applicants.find((a: { name: string }) => a.name === 'Sana Sheikh');
    expect(sana).toMatchObject({ leadId, phone: '+919000011111', owner: { id: adminId, name: 'Asha Admin' } });
    expect((await detail(sana.id)).history).toEqual([expect.objectContaining({ kind: 'added', toStage: 'applied', by: 'Asha Admin' })]);

    const person = (await inject('GET', `/api/leads/${leadId}/person`, admin)).json();
    expect(person.person.seenBefore['job-application']).toBe(1);
  });

  it('records the placement when a candidate joins, one at a time', async () => {
    const placement = {
      joiningDate,
      ctc: 420000,
      feeType: 'fixed',
      fee: 25000,
      invoiceStatus: 'to-invoice',
      franchiseCity: 'Pune',
      newCompany: true,
    };
    const two = await move({ ids: [ravi(), meena()], stage: 'joined', placement });
    expect(two.statusCode).toBe(400);
    expect(two.json().errors[0].field).toBe('ids');
    expect((await move({ ids: [ravi()], stage: 'joined' })).json().errors).toEqual([
      { field: 'placement', message: 'Give the joining date, CTC and fee of the placement.' },
    ]);
    expect((await move({ ids: [ravi()], stage: 'joined', placement: { ...placement, joiningDate: '2026-02-30' } })).statusCode).toBe(400);
    const early = await move({ ids: [ravi()], stage: 'joined', placement: { ...placement, joiningDate: '2025-01-06' } });
    expect(early.json().errors).toEqual([
      { field: 'placement.joiningDate', message: expect.stringMatching(/^The joining date comes before the candidate applied, on /) },
    ]);

    expect((await move({ ids: [ravi()], stage: 'joined', placement })).json()).toEqual({ moved: 1 });
    expect((await detail(ravi())).placement).toMatchObject({ ...placement, id: expect.any(String) });
    // A recruiter moves candidates but neither records nor undoes a placement; the client's hiring manager sees where
    // a candidate stands, not the fee or the team's notes.
    const recruiter = await loginAs(server.app, server.db, 'RECRUITER');
    expect((await move({ ids: [meena()], stage: 'joined', placement }, recruiter.cookies)).statusCode).toBe(403);
    expect((await move({ ids: [ravi()], stage: 'dropped', reason: 'Left' }, recruiter.cookies)).json()).toEqual({ moved: 0 });
    const hiringManager = await loginAs(server.app, server.db, 'HIRING_MANAGER', { hiringFor: 'Sahyadri Foods Pvt Ltd' });
    const seen = (await inject('GET', `/api/jobs/${jobId}/applicants/${ravi()}`, hiringManager.cookies)).json();
    expect(seen).toMatchObject({
      candidate: { stage: 'joined' },
      history: [],
      placement: null,
      canMove: false,
      canPlace: false,
      owners: [],
    });
    await move({
      ids: [meena()],
      stage: 'joined',
      placement: { ...placement, feeType: 'ctc-share', fee: 42000, ctc: 504000, newCompany: false, franchiseCity: null },
    });
  });

  it("reports time to join, placements per city and recruiter, and each franchise's commission at the page's rates", async () => {
    // Applied at 10 am in India 19 days before joining.
    await server.db.query(`update placements set applied_at = ($1::date - 19 + time '10:00') at time zone 'Asia/Kolkata'`, [joiningDate]);
    const report = (await inject('GET', `/api/placements/report?from=${month}&to=${month}`, admin)).json();
    expect(report.total).toEqual({ placements: 2, fees: 67000, medianDays: 19 });
    expect(report.byCity).toEqual([
      { key: 'Head office', placements: 1, fees: 42000, medianDays: 19 },
      { key: 'Pune', placements: 1, fees: 25000, medianDays: 19 },
    ]);
    expect(report.byRecruiter).toEqual([
      { key: 'Asha Admin', placements: 1, fees: 42000, medianDays: 19 },
      { key: 'Rohit Recruiter', placements: 1, fees: 25000, medianDays: 19 },
    ]);
    expect(report.byCityMonth).toEqual([
      { city: 'Head office', month, placements: 1, medianDays: 19 },
      { city: 'Pune', month, placements: 1, medianDays: 19 },
    ]);
    // Pune: 70% of its ₹25,000 fixed fee and the 2% bonus for a new company, ₹17,500 + ₹500.
    expect(report.commission).toEqual({
      rates: { fixedHire: 70, ctcShare: 50, newCompanyBonus: 2 },
      franchises: [{ city: 'Pune', fixedFees: 25000, ctcShareFees: 0, newCompanyFees: 25000, commission: 18000 }],
    });
    expect(report.placements.map((p: { candidate: string; daysToJoin: number }) => [p.candidate, p.daysToJoin])).toEqual(
      expect.arrayContaining([
        ['Ravi Patil', 19],
        ['Meena Joshi', 19],
      ]),
    );
    expect((await inject('GET', '/api/placements/report?from=2026-12&to=2026-11', admin)).statusCode).toBe(400);

    const pune = report.placements.find((p: { franchiseCity: string | null }) => p.franchiseCity === 'Pune');
    expect((await inject('PATCH', `/api/placements/${pune.id}`, admin, { invoiceStatus: 'paid' })).statusCode).toBe(200);
    const csv = await inject('GET', `/api/placements.csv?from=${month}&to=${month}`, admin);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'joining date,candidate,job,company,franchise city,recruiter,applied at,days to join,ctc,fee type,fee,invoice status,new company',
    );
    const appliedOn = new Date(Date.parse(`${joiningDate}T00:00:00Z`) - 19 * 86_400_000).toISOString().slice(0, 10);
    expect(lines).toContain(
      `${joiningDate},Ravi Patil,Accounts Executive,Sahyadri Foods Pvt Ltd,Pune,Rohit Recruiter,${appliedOn} 10:00:00 +05:30,19,420000,Fixed fee,25000,Paid,yes`,
    );

    // Only admins read what the company bills.
    const bde = await loginAs(server.app, server.db, 'BDE');
    expect((await inject('GET', '/api/placements/report', bde.cookies)).statusCode).toBe(403);
  });

  it('removes the placement when a joined candidate leaves, and keeps it when the application is erased', async () => {
    expect((await move({ ids: [meena()], stage: 'dropped', reason: 'Did not report on day one' })).json()).toEqual({ moved: 1 });
    expect((await detail(meena())).placement).toBeNull();
    await server.db.query('delete from job_applications where id = $1', [ravi()]);
    const kept = first(
      await server.db.query<{ company_name: string; fee: number }>('select company_name, fee from placements'),
      'the placement',
    );
    expect(kept).toEqual({ company_name: 'Sahyadri Foods Pvt Ltd', fee: 25000 });
  });
});
