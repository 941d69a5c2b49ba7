import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { closePortalSite, hydrated, type Site, startPortalSite, visit } from './harness';
import { first } from '../support/present';

// The portal as staff use it: real logins through /login, real leads submitted to the API, Chromium.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'asha.admin', password, role: 'ADMIN', fullName: 'Asha Rao', email: 'asha@hireframe.in' });
  await createUser(site.db, { username: 'bala.bde', password, role: 'BDE', fullName: 'Bala Krishnan' });
  await createUser(site.db, { username: 'chitra.bde', password, role: 'BDE', fullName: 'Chitra Nair' });
  await createUser(site.db, { username: 'rita.recruiter', password, role: 'RECRUITER', fullName: 'Rita Sen' });
});
afterAll(() => closePortalSite({ site, browser }));

async function submit(formId: string, page: string, data: Record<string, unknown>) {
  const response = await fetch(`${site.url}/api/forms/${formId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page, data, captcha: 'off' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function logIn(page: Page, username: string) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('staff in the portal', () => {
  it('ADMIN finds a lead from the site, changes its status, exports CSV and logs out', async () => {
    await submit('consultation', '/it-recruitment', {
      name: 'Nisha Kapoor',
      email: 'nisha@example.com',
      contact: '9876501234',
      lookingFor: 'Candidate',
    });
    const { page, context, problems } = await visit(browser, site.url);
    await logIn(page, 'asha.admin');
    await page.waitForURL('**/admin');
    await page.goto('/view-forms');
    await page.getByLabel('Search').fill('Nisha');
    // The list is on the screen from the first paint: the lead is opened from the search's results.
    await page.waitForURL(/q=Nisha/);
    await page
      .getByRole('button', { name: /Nisha Kapoor/ })
      .first()
      .click();
    // The lead's own Status, not the list's filter of the same name.
    const status = page.getByRole('region', { name: 'Lead details' }).getByLabel('Status');
    await status.selectOption({ label: 'Contacted' });
    await page.getByText('Status changed to Contacted.').waitFor();
    const row = first(
      await site.db.query<{ status: string }>(`select status from submissions where data->>'name' = 'Nisha Kapoor'`),
      'the lead of Nisha Kapoor',
    );
    expect(row.status).toBe('contacted');

    await page.getByRole('button', { name: /Back to the list/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await new Response((await file.createReadStream()) as unknown as ReadableStream).text();
    expect(csv).toContain('Nisha Kapoor');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    expect((await context.cookies()).map((c) => c.name)).toEqual([]);
    expect(problems.filter((p) => !p.includes('status of 40'))).toEqual([]);
    await context.close();
  });

  it('ADMIN sees who sent a lead before, across forms, and merges the sender of another lead into them', async () => {
    const firstLead = await submit('consultation', '/it-recruitment', {
      name: 'Tara Joshi',
      email: 'tara@example.com',
      contact: '98200 33445',
      lookingFor: 'Job',
    });
    // The same phone number written another way, an e-mail in other capitals.
    const latest = await submit('consultation', '/finance-and-accounting-recruitment', {
      name: 'Tara Joshi',
      email: 'TARA@example.com',
      contact: '+91 98200-33445',
      lookingFor: 'Job',
    });
    const otherNumber = await submit('contact', '/about', {
      name: 'T. Joshi',
      email: 'tj@home.example',
      phone: '9820099887',
      subject: 'Careers',
      message: 'Please call me about openings.',
    });
    const references = await site.db.query<{ id: string; reference: string }>(
      'select id, reference from submissions where id = any($1::uuid[])',
      [[firstLead, latest, otherNumber]],
    );
    const referenceOf = (id: string) => references.find((r) => r.id === id)!.reference;

    const { page, context, problems } = await visit(browser, site.url);
    await logIn(page, 'asha.admin');
    await page.waitForURL('**/admin');
    await page.goto(`/view-forms?lead=${latest}`);
    const card = page.getByRole('region', { name: /^Seen before/ });
    await card.getByRole('heading', { name: 'Seen before: 1 other submission' }).waitFor();
    expect(await card.getByRole('link', { name: /Submission: / }).count()).toBe(1);
    expect(await card.textContent()).toContain(referenceOf(firstLead));

    await card.getByLabel('Same person as the lead').fill(referenceOf(otherNumber).toLowerCase());
    await card.getByRole('button', { name: 'Merge' }).click();
    await card.getByText(`Merged with the sender of ${referenceOf(otherNumber)}.`).waitFor();
    await card.getByRole('heading', { name: 'Seen before: 2 other submissions' }).waitFor();
    expect(await card.textContent()).toContain('+91 98200 99887');
    await page.getByText(/merged the person who sent it with the sender of/).waitFor();

    // The earlier lead opens from the list of what the person sent.
    await card
      .getByRole('link', { name: /Submission: / })
      .first()
      .click();
    await page.waitForURL((u) => u.searchParams.get('lead') !== latest);
    await page.getByRole('region', { name: 'Seen before: 2 other submissions' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('BDE sees only the leads assigned to them', async () => {
    const mine = await submit('consultation', '/finance-and-accounting-recruitment', {
      name: 'Mine Lead',
      email: 'mine@example.com',
      contact: '9876500001',
      lookingFor: 'Job',
    });
    await submit('consultation', '/finance-and-accounting-recruitment', {
      name: 'Other Lead',
      email: 'other@example.com',
      contact: '9876500002',
      lookingFor: 'Job',
    });
    // Whoever routing gave them to, this one is Bala's and every other lead Chitra's.
    await site.db.query(
      `update submissions s set assigned_to = (select u.id from users u where u.username = case when s.id = $1 then 'bala.bde' else 'chitra.bde' end)`,
      [mine],
    );
    const { page, context } = await visit(browser, site.url);
    await logIn(page, 'bala.bde');
    await page.waitForURL('**/bde-portal');
    await page.getByText('Mine Lead').first().waitFor();
    await expect(page.getByText('Other Lead').count()).resolves.toBe(0);
    await expect(page.getByText('Nisha Kapoor').count()).resolves.toBe(0);
    // The admin screens are not theirs.
    await page.goto('/view-forms');
    await page.getByRole('heading', { name: /not available for your account/ }).waitFor();
    await context.close();
  });

  it("a BDE's day starts at To do: the overdue lead first and counted in the navigation, gone once a call is logged", async () => {
    const late = await submit('consultation', '/finance-and-accounting-recruitment', {
      name: 'Late Lead',
      email: 'late@example.com',
      contact: '9876500003',
      lookingFor: 'Job',
    });
    // Bala's, and a day and an hour old: past its 24-hour promise. Every other lead is closed.
    await site.db.query(
      `update submissions set status = case when id = $1 then 'new' else 'closed' end, follow_up_at = null,
              assigned_to = (select id from users where username = 'bala.bde'),
              created_at = case when id = $1 then now() - interval '25 hours' else created_at end,
              respond_by = case when id = $1 then now() - interval '1 hour' else respond_by end`,
      [late],
    );
    const { page, context } = await visit(browser, site.url);
    await logIn(page, 'bala.bde');
    await page.waitForURL('**/bde-portal');
    await expect(page.getByRole('tab', { name: 'To do' }).getAttribute('aria-selected')).resolves.toBe('true');
    const overdue = page.getByRole('region', { name: /^Overdue/ });
    await overdue.getByRole('button', { name: 'Late Lead' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'To do 1 due' }).waitFor();

    await overdue.getByRole('button', { name: 'Late Lead' }).click();
    await page.getByRole('radio', { name: 'WhatsApp' }).check();
    await page.getByLabel('What came of it').selectOption('interested');
    await page.getByRole('button', { name: 'Log contact' }).click();
    await page.getByText('WhatsApp logged.').waitFor();
    await page.getByText(/Bala Krishnan logged a WhatsApp message: Interested\./).waitFor();

    await page.getByRole('button', { name: '← Back to the list' }).click();
    await overdue.getByText('Nothing overdue.').waitFor();
    await context.close();
  });

  it('on a 390 px phone a lead opens with Call and WhatsApp for its E.164 number, the message changed before it opens', async () => {
    const lead = await submit('consultation', '/finance-and-accounting-recruitment', {
      name: 'Reach Lead',
      email: 'reach.lead.with.a.long.address@example.com',
      contact: '098790 11223',
      lookingFor: 'Job',
    });
    await site.db.query(`update submissions set assigned_to = (select id from users where username = 'bala.bde') where id = $1`, [lead]);
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    await logIn(page, 'bala.bde');
    await page.waitForURL('**/bde-portal');
    await page.getByRole('region', { name: /^New/ }).getByRole('button', { name: 'Reach Lead' }).click();
    const reach = page.getByRole('group', { name: 'Reach Reach Lead' });
    await expect(reach.getByRole('link', { name: /^Call/ }).getAttribute('href')).resolves.toBe('tel:+919879011223');
    await expect(reach.getByRole('link', { name: /^E-mail/ }).getAttribute('href')).resolves.toBe(
      'mailto:reach.lead.with.a.long.address@example.com',
    );
    await reach.getByRole('button', { name: 'WhatsApp' }).click();
    await page.getByRole('radio', { name: 'हिन्दी' }).check();
    const message = page.getByLabel('Message to Reach Lead');
    await expect(message.inputValue()).resolves.toBe(
      'नमस्ते Reach Lead, मैं Hireframe से Bala Krishnan। हमसे संपर्क करने के लिए धन्यवाद। क्या अभी बात करने का सही समय है?',
    );
    await message.fill('नमस्ते Reach Lead, कल 11 बजे बात करें?');
    const href = await page.getByRole('link', { name: 'Open WhatsApp' }).getAttribute('href');
    expect(href).toBe(`https://wa.me/919879011223?text=${encodeURIComponent('नमस्ते Reach Lead, कल 11 बजे बात करें?')}`);
    // Nothing wider than the phone: the number and the address stay whole on their buttons.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a free job posting is published and appears in job openings for its city, with JobPosting JSON-LD', async () => {
    const requestId = await submit('job-posting', '/free-job-posting', {
      companyName: 'Sahyadri Motors',
      contactName: 'Prakash Jadhav',
      email: 'prakash@example.com',
      phone: '9822012345',
      jobTitle: 'Service Advisor',
      location: 'Pune',
      employmentType: 'FULL_TIME',
      openings: 3,
      salary: '3,00,000 - 4,20,000',
      description: 'Greet customers, open job cards and explain repairs for our Pimpri workshop.',
    });
    const { page, context } = await visit(browser, site.url);
    await logIn(page, 'asha.admin');
    await page.waitForURL('**/admin');
    await page.goto(`/job-request-details/${requestId}`);
    await page.getByRole('button', { name: /^Publish/ }).click();
    await page.getByRole('link', { name: 'View the public page' }).first().waitFor();

    await page.goto('/job-openings?location=Pune');
    const card = page.getByRole('link', { name: /Service Advisor/ }).first();
    await card.waitFor();
    await page.goto('/job-openings?location=Mumbai');
    await page.getByText(/No openings in Mumbai/).waitFor();

    await page.goto('/job-openings?location=Pune');
    await page
      .getByRole('link', { name: /Service Advisor/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Service Advisor' }).waitFor();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Service Advisor',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Sahyadri Motors' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressCountry: 'IN' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'INR', value: { minValue: 300000, maxValue: 420000, unitText: 'YEAR' } },
    });
    expect(Date.parse(ld.datePosted)).not.toBeNaN();
    expect(Date.parse(ld.validThrough)).toBeGreaterThan(Date.now());
    expect(ld.description).toContain('Pimpri workshop');

    // A job seeker applies from the same page.
    const form = page.locator('form.form-job-application');
    await form.getByLabel(/^Full Name/).fill('Sneha Patil');
    await form.getByLabel(/^Email/).fill('sneha@example.com');
    await form.getByLabel(/^Phone/).fill('9890012345');
    await form.getByRole('button', { name: /Apply|Send/ }).click();
    await page.getByText('Application sent!').waitFor();
    const application = first(
      await site.db.query<{ name: string; consent: { text: string } }>('select name, consent from job_applications'),
      'a job application',
    );
    expect(application.name).toBe('Sneha Patil');
    expect(application.consent.text).toContain('Privacy Policy');

    // The admin reaches her from the job's applicants in one tap.
    const [job] = await site.db.query<{ id: string }>(`select id from jobs where title = 'Service Advisor'`);
    await page.goto(`/jobs/${job?.id}`);
    const reach = page.getByRole('group', { name: 'Reach Sneha Patil' });
    await expect(reach.getByRole('link', { name: /^Call/ }).getAttribute('href')).resolves.toBe('tel:+919890012345');
    await expect(reach.getByRole('link', { name: /^E-mail/ }).getAttribute('href')).resolves.toBe('mailto:sneha@example.com');
    await context.close();
  });

  it('a RECRUITER files a complaint with an image, and the admin sees it with the image', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    await logIn(page, 'rita.recruiter');
    await page.waitForURL('**/jobs');
    await page.locator('.nav-bar').getByRole('button', { name: 'Complaint' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Submit|Send/ }).click();
    // Each message shows twice: as a link in the error summary at the top, and beside its field.
    for (const message of ['Subject is required', 'Message is required']) {
      await dialog.getByRole('link', { name: message }).waitFor();
      await expect.poll(() => dialog.getByText(message).count()).toBe(2);
    }
    await dialog.getByLabel(/^Subject/).fill('Payment for March placement not received');
    await dialog.getByLabel(/^Message/).fill('The placement of Kavya at Nilgiri Foods joined on 3 March; the payout is pending.');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'payout.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('payout.png').waitFor();
    await dialog.getByRole('button', { name: /Submit|Send/ }).click();
    await page
      .locator('.Toastify')
      .getByText(/^Compliant sent successfully! Reference CMP-/)
      .waitFor();
    const complaint = first(
      await site.db.query<{ id: string; reference: string }>(
        `select id, reference from complaints where subject = 'Payment for March placement not received'`,
      ),
      'the complaint about the March payment',
    );
    // The confirmation gives the reference; the popup leads to the sender's own complaints, where it stands.
    await page.locator('.Toastify').getByText(`Compliant sent successfully! Reference ${complaint.reference}.`).waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await page.locator('.nav-bar').getByRole('button', { name: 'Complaint' }).click();
    await dialog.getByRole('link', { name: 'My complaints' }).click();
    await page.waitForURL('**/my-complaints');
    const row = page.getByRole('row', { name: new RegExp(complaint.reference) });
    await row.getByText('Payment for March placement not received').waitFor();
    await row.getByText('Open').waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await context.close();

    const admin = await visit(browser, site.url);
    await logIn(admin.page, 'asha.admin');
    await admin.page.waitForURL('**/admin');
    await admin.page.goto('/admin/compliants');
    await admin.page
      .getByRole('link', { name: /Payment for March placement/ })
      .first()
      .click();
    await admin.page.waitForURL(`**/admin/compliants/${complaint.id}`);
    const image = admin.page.getByRole('img', { name: /Attachment of the complaint/ });
    await image.waitFor();
    await admin.page.waitForFunction(
      () => (document.querySelector('main img[alt^="Attachment of the complaint"]') as HTMLImageElement)?.naturalWidth === 1,
    );
    expect(problems).toEqual([]);
    await admin.context.close();
  });

  it('renders script tags and event handlers in a lead and a blog post as text, never as markup', async () => {
    const attack = `<script>window.__owned = 1</script><img src=x onerror="window.__owned = 2">`;
    await submit('contact', '/about', {
      name: `Evil ${attack}`,
      email: 'evil@example.com',
      phone: '9876543210',
      subject: attack,
      message: attack,
    });
    const { page, context } = await visit(browser, site.url);
    await logIn(page, 'asha.admin');
    await page.waitForURL('**/admin');
    const check = async () => {
      expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
      expect(await page.locator('main script:not([type="application/ld+json"]), main img[src="x"]').count()).toBe(0);
    };
    await page.goto('/admin');
    await page.waitForTimeout(500);
    await check();
    await page.goto('/view-forms');
    await page.getByRole('button', { name: /Evil/ }).first().click();
    await page.getByText('<script>window.__owned = 1</script>', { exact: false }).first().waitFor();
    await check();

    await page.goto('/add-blog');
    await page.getByLabel(/^Title/).fill(`Hiring tips ${attack}`);
    await page.getByLabel(/^Markdown|^Post|^Content/).fill(`# Tips\n\n${attack}\n\n[click](javascript:window.__owned=3)`);
    await page.getByRole('button', { name: /^Publish/ }).click();
    await page
      .getByRole('link', { name: /View (the )?post|Read it|Open the post/i })
      .first()
      .waitFor();
    await check();
    await page.goto('/blogs');
    await page.getByText('Hiring tips').first().click();
    await page.getByRole('heading', { name: 'Tips', exact: true }).waitFor();
    await check();
    expect(await page.locator('main a[href^="javascript:"]').count()).toBe(0);
    await context.close();
  });
});
