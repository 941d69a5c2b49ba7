import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/test-server';
import { PUBLIC_URL, startMailedServer } from '../support/mailed-server';
import { loginAs } from '../support/sessions';
import { createUser } from '../../src/server/users/store';

// What a BDE has to do: contacts logged as the first response, next follow-ups, the To do list and its count, and the
// morning digest, mailed to a real SMTP server on loopback. Times are moved by moving a lead's own times back.
type Mailed = Awaited<ReturnType<typeof startMailedServer>>;

describe.each(databaseKinds)('To do and the morning digest on %s', (kind) => {
  let mailed: Mailed;
  let bdeToken: string;
  beforeAll(async () => {
    mailed = await startMailedServer(kind);
    bdeToken = (await loginAs(mailed.server.app, mailed.server.db, 'BDE', { username: 'gita.bde', email: 'gita@hireframe.test' })).token;
    // Routing's round robin then gives every lead to Gita, the only BDE besides this admin-less server's other one.
    await createUser(mailed.server.db, {
      username: 'zoya.away',
      password: 'correct horse battery',
      role: 'BDE',
      email: 'zoya@hireframe.test',
    });
    await mailed.server.db.query(`update users set away_until = now() + interval '7 days' where username = 'zoya.away'`);
  });
  afterAll(() => mailed.close());

  const app = () => mailed.server.app;
  const asBde = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    app().inject({ method, url, payload, headers: { authorization: `Bearer ${bdeToken}` } });
  const lead = async (name: string) => {
    const data = { name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com`, contact: '9876501234', lookingFor: 'Job' };
    const response = await app().inject({
      method: 'POST',
      url: '/api/forms/consultation',
      payload: { page: '/it-recruitment', data, captcha: 'x' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const ageHours = (id: string, hours: number) =>
    mailed.server.db.query(
      `update submissions set created_at = created_at - make_interval(hours => $2), respond_by = respond_by - make_interval(hours => $2),
              clock_at = clock_at - make_interval(hours => $2) where id = $1`,
      [id, hours],
    );
  const names = (leads: { name: string | null }[]) => leads.map((l) => l.name);

  it('logs a call as the lead’s first response, with its outcome and next follow-up in the history', async () => {
    const id = await lead('Priya Sharma');
    const followUpAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const logged = await asBde('POST', `/api/leads/${id}/contacts`, {
      channel: 'call',
      outcome: 'call-back',
      note: 'Call after lunch',
      followUpAt,
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const body = logged.json();
    expect(body).toMatchObject({ status: 'new', answeredAt: expect.any(String), followUpAt });
    expect(body.history.slice(-2)).toMatchObject([
      { kind: 'contacted', channel: 'call', outcome: 'call-back', note: 'Call after lunch', by: { username: 'gita.bde' } },
      { kind: 'follow-up', due: followUpAt },
    ]);
    const [clock] = await mailed.server.db.query<{ clock_at: Date | null }>('select clock_at from submissions where id = $1', [id]);
    expect(clock?.clock_at).toBeNull();
  });

  it('refuses a contact it cannot record, and keeps the lead as it was', async () => {
    const id = await lead('Kiran Rao');
    for (const payload of [
      { channel: 'pigeon', outcome: 'reached' },
      { channel: 'call', outcome: 'reached', followUpAt: 'tomorrow' },
    ]) {
      const refused = await asBde('POST', `/api/leads/${id}/contacts`, payload);
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await asBde('GET', `/api/leads/${id}`)).json()).toMatchObject({ answeredAt: null, followUpAt: null });
  });

  it('lists overdue first, then due today, then new, and counts the first two in the navigation', async () => {
    await mailed.server.db.query(`update submissions set status = 'closed', follow_up_at = null`);
    const overdue = await lead('Asha Overdue');
    await ageHours(overdue, 25);
    const followUp = await lead('Bina FollowUp');
    await asBde('POST', `/api/leads/${followUp}/contacts`, {
      channel: 'whatsapp',
      outcome: 'interested',
      followUpAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const fresh = await lead('Chetan New');
    const toDo = (await asBde('GET', '/api/leads/to-do')).json();
    // Longest overdue first.
    expect(names(toDo.overdue)).toEqual(['Asha Overdue', 'Bina FollowUp']);
    expect(names(toDo.fresh)).toEqual(['Chetan New']);
    expect(toDo.counts).toEqual({ overdue: 2, today: 0, fresh: 1 });
    expect((await asBde('GET', '/api/leads/to-do/count')).json()).toEqual({ due: 2 });

    // Moved to later today (or tomorrow, just before midnight in India), it leaves Overdue.
    const later = new Date(Date.now() + 60_000).toISOString();
    await asBde('PATCH', `/api/leads/${followUp}`, { followUpAt: later });
    const after = (await asBde('GET', '/api/leads/to-do')).json();
    expect(names(after.overdue)).toEqual(['Asha Overdue']);
    expect(after.counts.overdue + after.counts.today + after.counts.fresh).toBe(3);
    // Closing a lead takes it off the list, follow-up and all.
    await asBde('PATCH', `/api/leads/${fresh}`, { status: 'closed' });
    expect(names((await asBde('GET', '/api/leads/to-do')).json().fresh)).toEqual([]);
  });

  it('mails each BDE their list once a day from 9 am India time, to nobody away, and never to someone who turned it off', async () => {
    await app().outbox.runOnce();
    mailed.mailServer.mails.splice(0);
    const day = new Date().toISOString().slice(0, 10);
    const at = (time: string) => new Date(`${day}T${time}:00+05:30`);
    // Tomorrow, so the day is one none was sent on.
    const morning = new Date(at('09:00').getTime() + 86_400_000);
    expect(await app().leadClock.sendDigests(new Date(morning.getTime() - 60_000))).toBe(0);
    expect(await app().leadClock.sendDigests(morning)).toBe(1);
    expect(await app().leadClock.sendDigests(new Date(morning.getTime() + 60_000))).toBe(0);
    await app().outbox.runOnce();
    const [digest, ...others] = mailed.mailServer.mails.splice(0);
    expect(others).toEqual([]);
    expect(digest).toMatchObject({ to: ['gita@hireframe.test'], subject: expect.stringMatching(/^Your leads today: \d+ to work$/) });
    expect(digest?.html).toContain('Overdue (');
    expect(digest?.html).toContain('Asha Overdue');
    expect(digest?.html).toContain(`${PUBLIC_URL}/bde-portal?lead=`);

    expect((await asBde('PUT', '/api/lead-digest', { on: false })).json()).toEqual({ on: false, time: '09:00' });
    expect((await asBde('GET', '/api/lead-digest')).json()).toEqual({ on: false, time: '09:00' });
    expect(await app().leadClock.sendDigests(new Date(morning.getTime() + 86_400_000))).toBe(0);
  });
});
