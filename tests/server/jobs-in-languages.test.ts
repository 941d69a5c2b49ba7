import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { publishedJob, reviewedJob } from '../support/published-job';
import { first } from '../support/present';

// A job written in Hindi too: its API answers, its pages at /hi/job-openings (built HTML), the sitemap and applying there.
type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let admin: Record<string, string>;
let hindiJob: string;
let englishJob: string;

const hindi = {
  title: 'अकाउंट्स एग्ज़ीक्यूटिव',
  description: 'Tally में लेजर रखना, GST फ़ाइलिंग और वेंडर पेमेंट संभालना।',
};

beforeAll(async () => {
  server = await startTestServer({ config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
  admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
  hindiJob = await publishedJob(server.app, admin, { translations: { hi: hindi } });
  englishJob = await publishedJob(server.app, admin, { title: 'Warehouse Supervisor', companyName: 'Deccan Logistics' });
});
afterAll(() => server?.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });
const rows = (sql: string, params: unknown[] = []) => server.db.query<Record<string, any>>(sql, params);
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const jsonLd = (html: string) => /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];

describe('a job in Hindi', () => {
  it('is read in Hindi through the API when asked, in English otherwise; a job without Hindi reads in English', async () => {
    const inHindi = (await get(`/api/jobs/public/${hindiJob}?lang=hi`)).json().job;
    expect(inHindi).toMatchObject({ ...hindi, lang: 'hi', languages: ['en', 'hi'], companyName: reviewedJob.companyName });
    const inEnglish = (await get(`/api/jobs/public/${hindiJob}`)).json().job;
    expect(inEnglish).toMatchObject({ title: reviewedJob.title, description: reviewedJob.description, lang: 'en' });
    expect(inEnglish).not.toHaveProperty('translations');

    const list = (await get('/api/jobs/public?lang=hi')).json().items as { id: string; title: string; lang: string }[];
    expect(list.find((job) => job.id === hindiJob)).toMatchObject({ title: hindi.title, lang: 'hi' });
    expect(list.find((job) => job.id === englishJob)).toMatchObject({ title: 'Warehouse Supervisor', lang: 'en' });
    // Its Hindi words are searched like its English ones.
    const found = (await get(`/api/jobs/public?q=${encodeURIComponent('वेंडर पेमेंट')}`)).json().items.map((job: { id: string }) => job.id);
    expect(found).toEqual([hindiJob]);
    expect((await get('/api/jobs/public?lang=gu')).statusCode).toBe(400);
  });

  it('takes a title and description together, and keeps them when a change leaves them out', async () => {
    const patch = (payload: object) => server.app.inject({ method: 'PATCH', url: `/api/jobs/${hindiJob}`, cookies: admin, payload });
    expect((await patch({ translations: { hi: { title: hindi.title } } })).statusCode).toBe(400);
    expect((await patch({ translations: { gu: hindi } })).statusCode).toBe(400);
    const changed = await patch({ openings: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().job.translations).toEqual({ hi: hindi });
    const trimmed = await patch({ translations: { hi: { title: `  ${hindi.title} `, description: hindi.description } } });
    expect(trimmed.json().job.translations).toEqual({ hi: hindi });
  });

  it('has its page at /hi/job-openings/<id>: Hindi words, lang, alternates, and a JobPosting in Hindi', async () => {
    const response = await get(`/hi/job-openings/${hindiJob}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="hi-IN">');
    expect(html).toContain(`<h1>${hindi.title}</h1>`);
    expect(html).toContain('इस जॉब के लिए आवेदन करें');
    expect(html).toContain('फ़ुल टाइम');
    expect(html).toContain('₹3,00,000 – ₹4,50,000 सालाना');
    // The application form is in Hindi in the HTML, before any script.
    expect(html).toContain('पूरा नाम');
    expect(head(html)).toContain(`<link rel="alternate" hrefLang="hi-IN" href="https://www.hireframe.in/hi/job-openings/${hindiJob}"/>`);
    expect(head(html)).toContain(`hrefLang="x-default" href="https://www.hireframe.in/job-openings/${hindiJob}"`);
    expect(html).toMatch(/<nav class="language-switcher"[^>]*>.*href="\/job-openings\/[^"]+" hreflang="en-IN"/s);
    const posting = JSON.parse(jsonLd(html) ?? 'null');
    expect(posting).toMatchObject({
      title: hindi.title,
      description: hindi.description,
      url: `https://www.hireframe.in/hi/job-openings/${hindiJob}`,
    });

    const english = (await get(`/job-openings/${hindiJob}`)).body;
    expect(english).toContain('<html lang="en-IN">');
    expect(english).toContain(`<h1>${reviewedJob.title}</h1>`);
    expect(head(english)).toContain(`hrefLang="hi-IN" href="https://www.hireframe.in/hi/job-openings/${hindiJob}"`);
    expect(JSON.parse(jsonLd(english) ?? 'null')).toMatchObject({ title: reviewedJob.title });
  });

  it('shows a job without Hindi on the Hindi page in English, marked so and kept out of the index', async () => {
    const html = (await get(`/hi/job-openings/${englishJob}`)).body;
    expect(html).toContain('<h1 lang="en-IN">Warehouse Supervisor</h1>');
    expect(html).toContain('इस जॉब का विवरण अभी अंग्रेज़ी में है।');
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
    expect(jsonLd(html)).toBeUndefined();
    expect(head((await get(`/job-openings/${englishJob}`)).body)).not.toContain('hrefLang=');
  });

  it('lists the openings at /hi/job-openings in Hindi, linking each job to its Hindi page', async () => {
    const response = await get('/hi/job-openings?location=Pune');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="hi-IN">');
    expect(response.body).toContain('<h1>Pune में जॉब</h1>');
    expect(response.body).toContain(`href="/hi/job-openings/${hindiJob}"`);
    expect(head(response.body)).toContain('hrefLang="en-IN" href="https://www.hireframe.in/job-openings?location=Pune"');
    // The English list is as it was, with its Hindi page named beside it.
    const english = (await get('/job-openings')).body;
    expect(english).toContain('<h1>Job Openings</h1>');
    expect(english).toContain(`href="/job-openings/${hindiJob}"`);
    expect(head(english)).toContain('hrefLang="hi-IN" href="https://www.hireframe.in/hi/job-openings"');
    // Only the routes jobs are written in exist: there is no Gujarati list.
    expect((await get('/gu/job-openings')).statusCode).toBe(404);
  });

  it('names the Hindi page of a job written in Hindi in the sitemap', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    const entry = (id: string) =>
      new RegExp(`<url><loc>https://www.hireframe.in/job-openings/${id}</loc>.*?</url>`).exec(sitemap)?.[0] ?? '';
    expect(entry(hindiJob)).toContain(
      `<xhtml:link rel="alternate" hreflang="hi-IN" href="https://www.hireframe.in/hi/job-openings/${hindiJob}"/>`,
    );
    expect(entry(hindiJob)).toContain(`hreflang="x-default" href="https://www.hireframe.in/job-openings/${hindiJob}"`);
    expect(entry(englishJob)).not.toContain('xhtml:link');
  });

  it('takes an application from the Hindi page with its notice in Hindi, and answers the applicant in Hindi', async () => {
    const apply = (data: object) =>
      server.app.inject({
        method: 'POST',
        url: `/api/jobs/public/${hindiJob}/applications`,
        payload: { page: `/hi/job-openings/${hindiJob}`, data, captcha: 'x' },
      });
    const invalid = await apply({ name: ' ', email: 'x@', phone: '123' });
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: 'नाम ज़रूरी है' },
      { field: 'email', message: 'सही ईमेल पता लिखें' },
      { field: 'phone', message: '10 अंकों का सही फ़ोन नंबर लिखें' },
    ]);
    const applied = await apply({ name: 'Sunita Verma', email: 'sunita@example.com', phone: '9123456700' });
    expect(applied.statusCode, applied.body).toBe(201);
    const { consent } = first(await rows('select consent from job_applications where id = $1', [applied.json().id]), 'the application');
    expect(consent).toMatchObject({ lang: 'hi', page: `/hi/job-openings/${hindiJob}`, version: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(consent.text).toMatch(/[\u0900-\u097F]/);

    const mail = await rows(`select kind, payload from outbox where payload->>'text' like '%Sunita Verma%' order by id`);
    const ack = first(
      mail.filter((m) => m.kind === 'ack'),
      'the applicant’s receipt',
    ).payload;
    expect(ack.subject).toBe(`${hindi.title} (${reviewedJob.companyName}) के लिए आपका आवेदन`);
    expect(ack.text).toContain('नमस्ते Sunita Verma');
    // The recruiters read it in English.
    const staff = first(
      mail.filter((m) => m.kind === 'email'),
      'the recruiters’ mail',
    ).payload;
    expect(staff.subject).toBe(`Job application: ${reviewedJob.title} at ${reviewedJob.companyName} - Sunita Verma`);
  });
});
