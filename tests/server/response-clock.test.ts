import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/test-server';
import { PUBLIC_URL, startMailedServer } from '../support/mailed-server';
import { loginAs } from '../support/sessions';
import { createUser } from '../../src/server/users/store';

// The first-response clock of pages/lead-routing.json (24 hours, reminder at 75 %), with mail delivered to a real SMTP
// server on loopback. The clock is moved by moving a lead's times back: the database's own clock keeps running.
type Mailed = Awaited<ReturnType<typeof startMailedServer>>;

describe.each(databaseKinds)('the first-response clock on %s', (kind) => {
  let mailed: Mailed;
  let adminToken: string;
  beforeAll(async () => {
    mailed = await startMailedServer(kind);
    const { server } = mailed;
    adminToken = (await loginAs(server.app, server.db, 'ADMIN', { username: 'meera.admin', email: 'meera@hireframe.test' })).token;
    await createUser(server.db, { username: 'gita.bde', password: 'correct horse battery', role: 'BDE', email: 'gita@hireframe.test' });
  });
  afterAll(() => mailed.close());

  const delivered = async () => {
    await mailed.server.app.outbox.runOnce();
    return mailed.mailServer.mails.splice(0);
  };
  const lead = async (name: string, formId = 'consultation', page = '/it-recruitment') => {
    const data =
      formId === 'newsletter'
        ? { email: 'news@example.com' }
        : { name, email: 'visitor@example.com', contact: '9876501234', lookingFor: 'Job' };
    const response = await mailed.server.app.inject({ method: 'POST', url: `/api/forms/${formId}`, payload: { page, data, captcha: 'x' } });
    expect(response.statusCode, response.body).toBe(201);
    // The lead's own mail (the notification, the visitor's acknowledgement) goes out now: what follows is the clock's.
    await delivered();
    return response.json().id as string;
  };
  /** Makes the lead as old as `minutes`, as if it had come in that long ago. */
  const age = (id: string, minutes: number) =>
    mailed.server.db.query(
      `update submissions set created_at = now() - make_interval(mins => $2),
              respond_by = now() - make_interval(mins => $2) + (respond_by - created_at),
              clock_at = now() - make_interval(mins => $2) + (clock_at - created_at)
        where id = $1`,
      [id, minutes],
    );
  const sweep = () => mailed.server.app.leadClock.runOnce();
  const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    mailed.server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${adminToken}` } });

  it('reminds the assignee once at 18 of 24 hours, then tells the admins once the 24 hours pass unanswered', async () => {
    const id = await lead('Priya Sharma');
    const listed = (await asAdmin('GET', `/api/leads/${id}`)).json();
    expect(Date.parse(listed.respondBy) - Date.parse(listed.createdAt)).toBe(24 * 3_600_000);
    expect(listed).toMatchObject({ assignedTo: { username: 'gita.bde' }, answeredAt: null });

    await age(id, 18 * 60 - 1);
    expect(await sweep()).toEqual({ reminded: 0, escalated: 0, reassigned: 0 });
    await age(id, 18 * 60 + 1);
    expect(await sweep()).toEqual({ reminded: 1, escalated: 0, reassigned: 0 });
    const [reminder, ...more] = await delivered();
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ to: ['gita@hireframe.test'], subject: 'Leads waiting for your first call: 1' });
    expect(reminder?.html).toContain('Priya Sharma');
    expect(reminder?.html).toContain(`${PUBLIC_URL}/bde-portal?lead=${id}`);
    expect(await sweep()).toEqual({ reminded: 0, escalated: 0, reassigned: 0 });

    await age(id, 24 * 60 + 1);
    expect(await sweep()).toEqual({ reminded: 0, escalated: 1, reassigned: 0 });
    const [escalation, ...others] = await delivered();
    expect(others).toEqual([]);
    expect(escalation).toMatchObject({ to: ['meera@hireframe.test'], subject: 'Leads past their promised reply time, unanswered: 1' });
    expect(escalation?.html).toContain(`${PUBLIC_URL}/view-forms?lead=${id}`);
    expect(await sweep()).toEqual({ reminded: 0, escalated: 0, reassigned: 0 });
  });

  it('stops for a lead answered in time: its status moved on from New', async () => {
    const id = await lead('Kiran Rao');
    const answered = await asAdmin('PATCH', `/api/leads/${id}`, { status: 'contacted' });
    expect(answered.json().answeredAt).toEqual(expect.any(String));
    await age(id, 25 * 60);
    expect(await sweep()).toEqual({ reminded: 0, escalated: 0, reassigned: 0 });
    expect(await delivered()).toEqual([]);
  });

  it('lists many leads coming due in one mail per person, and promises nothing to newsletter subscribers', async () => {
    const ids = [await lead('Asha One'), await lead('Bina Two'), await lead('Chetan Three')];
    const subscriber = await lead('', 'newsletter', '/franchise/visakhapatnam');
    expect((await asAdmin('GET', `/api/leads/${subscriber}`)).json().respondBy).toBeNull();
    for (const id of ids) await age(id, 19 * 60);
    expect(await sweep()).toEqual({ reminded: 3, escalated: 0, reassigned: 0 });
    const mails = await delivered();
    expect(mails.map((m) => m.subject)).toEqual(['Leads waiting for your first call: 3']);
    for (const name of ['Asha One', 'Bina Two', 'Chetan Three']) expect(mails[0]?.html).toContain(name);
  });

  it("counts on the admin's dashboard the leads overdue, unassigned and still New", async () => {
    // Priya Sharma is past her 24 hours; Asha, Bina and Chetan are due within the day; the subscriber has nobody.
    const { totals } = (await asAdmin('GET', '/api/admin/dashboard')).json();
    expect(totals).toMatchObject({ overdue: 1, unassigned: 1, untouched: 5 });
  });

  it('passes a lead still unanswered 36 hours after it came to the next person of its team, once, and tells them', async () => {
    await createUser(mailed.server.db, {
      username: 'hari.bde',
      password: 'correct horse battery',
      role: 'BDE',
      email: 'hari@hireframe.test',
    });
    const id = await lead('Ravi Late');
    const first = (await asAdmin('GET', `/api/leads/${id}`)).json().assignedTo.username as string;
    await age(id, 25 * 60);
    expect(await sweep()).toMatchObject({ escalated: 1, reassigned: 0 });
    await delivered();
    await age(id, 36 * 60 - 1);
    expect(await sweep()).toEqual({ reminded: 0, escalated: 0, reassigned: 0 });
    await age(id, 36 * 60 + 1);
    expect(await sweep()).toEqual({ reminded: 0, escalated: 0, reassigned: 1 });
    const moved = (await asAdmin('GET', `/api/leads/${id}`)).json();
    const second = first === 'gita.bde' ? 'hari.bde' : 'gita.bde';
    expect(moved.assignedTo.username).toBe(second);
    expect(moved.history.at(-1)).toMatchObject({
      kind: 'assigned',
      by: null,
      from: { username: first },
      to: { username: second },
      unanswered: true,
    });
    const [told, ...others] = await delivered();
    expect(others).toEqual([]);
    expect(told).toMatchObject({ to: [`${second.split('.')[0]}@hireframe.test`], subject: 'Unanswered leads handed to you: 1' });
    expect(told?.html).toContain('Ravi Late');
    await age(id, 72 * 60);
    expect(await sweep()).toEqual({ reminded: 0, escalated: 0, reassigned: 0 });
  });
});
