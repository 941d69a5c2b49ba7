import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { publishedJob, reviewedJob } from '../support/published-job';

// Runs against the output of npm run build: the HTML the server sends for the job pages, the sign-in form and the
// routes that show it in place.
type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let admin: Record<string, string>;
let jobId: string;

beforeAll(async () => {
  server = await startTestServer({ config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
  admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
  jobId = await publishedJob(server.app, admin);
});
afterAll(() => server?.close());

const get = (url: string, cookies?: Record<string, string>) => server.app.inject({ method: 'GET', url, cookies });

/** The document's head and the app's HTML (what is inside #root), apart. */
function parts(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const root = html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
  // The site's CSP runs no inline script: the app's HTML holds only data (JSON-LD), never code to reveal parts.
  expect(root.match(/<script(?! type="application\/ld\+json")[^>]*>/g)).toBeNull();
  return { head, root };
}

const text = { type: 'string', minLength: 1 };
const validJobPosting = new Ajv({ allErrors: true, strict: false }).compile({
  type: 'object',
  required: ['@context', '@type', 'title', 'description', 'datePosted', 'validThrough', 'hiringOrganization', 'jobLocation', 'url'],
  properties: {
    '@context': { const: 'https://schema.org' },
    '@type': { const: 'JobPosting' },
    title: text,
    description: text,
    datePosted: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    validThrough: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T23:59:59\\+05:30$' },
    employmentType: { enum: ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'INTERN'] },
    hiringOrganization: { type: 'object', required: ['@type', 'name'], properties: { '@type': { const: 'Organization' }, name: text } },
    jobLocation: {
      type: 'object',
      required: ['@type', 'address'],
      properties: {
        '@type': { const: 'Place' },
        address: {
          type: 'object',
          required: ['@type', 'addressLocality', 'addressCountry'],
          properties: { '@type': { const: 'PostalAddress' }, addressLocality: text, addressCountry: { const: 'IN' } },
        },
      },
    },
    baseSalary: {
      type: 'object',
      required: ['@type', 'currency', 'value'],
      properties: { '@type': { const: 'MonetaryAmount' }, currency: { const: 'INR' } },
    },
    url: { type: 'string', pattern: '^https://[^/]+/job-openings/' },
  },
});

describe('job pages rendered by the server', () => {
  it('lists the open jobs in the HTML of /job-openings, with its title and description in the head', async () => {
    const response = await get('/job-openings');
    expect(response.statusCode).toBe(200);
    const { head, root } = parts(response.body);
    expect(head).toMatch(/<title>Job Openings \| [^<]+<\/title>/);
    expect(head).toContain('<meta name="description" content="Current job openings');
    expect(root).toContain(reviewedJob.title);
    expect(root).toContain(`href="/job-openings/${jobId}"`);
    expect(root).not.toContain('Loading…');
    // The screen's island starts its cache from the same answer, so it hydrates without asking the API again.
    const props = /<hf-island data-name="app-screen"[^>]* data-props="([^"]*)"/.exec(response.body)?.[1] ?? 'null';
    const { queryState } = JSON.parse(
      props
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    expect(queryState.queries[0].state.data.items[0]).toMatchObject({ id: jobId, title: reviewedJob.title });
  });

  it('filters by the location in the address, as the screen does', async () => {
    expect(parts((await get('/job-openings?location=Pune')).body).root).toContain(reviewedJob.title);
    const elsewhere = parts((await get('/job-openings?location=Chennai')).body);
    expect(elsewhere.root).not.toContain(reviewedJob.title);
    expect(elsewhere.root).toContain('No openings in Chennai right now');
  });

  it('renders the page of openings the address names, so a shared or indexed "page 2" shows the second ten', async () => {
    await server.db.query(
      `insert into jobs (title, description, company_name, location, employment_type, status, published_at)
       select 'Kolhapur driver ' || lpad(g::text, 2, '0'), 'Deliveries around the city', 'Panchganga Transport', 'Kolhapur',
              'FULL_TIME', 'published', now() - (g || ' minutes')::interval
         from generate_series(1, 15) g`,
    );
    const listed = async (url: string) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      // Each title is in the list's HTML and again in the data the screen's island hydrates from.
      return [...new Set([...parts(response.body).root.matchAll(/Kolhapur driver (\d\d)/g)].map((m) => Number(m[1])))];
    };
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(await listed('/job-openings?location=Kolhapur')).toEqual(range(1, 10));
    expect(await listed('/job-openings?location=Kolhapur&page=1')).toEqual(range(1, 10));
    expect(await listed('/job-openings?location=Kolhapur&page=2')).toEqual(range(11, 15));
    expect(await listed('/job-openings?page=2&location=Kolhapur')).toEqual(range(11, 15));
    const past = parts((await get('/job-openings?location=Kolhapur&page=3')).body).root;
    expect(past).toContain('No openings on page 3');
  });

  it("carries a job's details and its valid JobPosting JSON-LD in the HTML of its page", async () => {
    const response = await get(`/job-openings/${jobId}`);
    expect(response.statusCode).toBe(200);
    const { head, root } = parts(response.body);
    expect(head).toContain(`<title>${reviewedJob.title} at ${reviewedJob.companyName}, ${reviewedJob.location}`);
    expect(head).toContain(`<meta name="description" content="${reviewedJob.title} at ${reviewedJob.companyName} in Pune.`);
    expect(root).toContain(`<h1>${reviewedJob.title}</h1>`);
    expect(root).toContain(reviewedJob.description);
    const scripts = [...response.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const posting = JSON.parse(scripts[0]?.[1] ?? 'null');
    expect(validJobPosting(posting), JSON.stringify(validJobPosting.errors)).toBe(true);
    expect(posting).toMatchObject({
      title: reviewedJob.title,
      hiringOrganization: { name: reviewedJob.companyName },
      jobLocation: { address: { addressLocality: 'Pune' } },
      baseSalary: { value: { minValue: reviewedJob.salaryMin, maxValue: reviewedJob.salaryMax } },
      url: expect.stringMatching(new RegExp(`/job-openings/${jobId}$`)),
    });
  });

  it('answers 404 with the "does not exist" screen for a job there is no such', async () => {
    const response = await get('/job-openings/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(parts(response.body).root).toContain('This job opening does not exist');
    expect(response.body).not.toContain('application/ld+json');
  });

  it('lists published posts in the HTML of /blogs and shows a post in its own, 404 for a post there is not', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/blogs',
      cookies: admin,
      payload: { title: 'Hiring freshers in Surat', markdown: 'Walk-ins every **Monday**.', publish: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { slug } = created.json().post as { slug: string };
    const listed = parts((await get('/blogs')).body);
    const list = listed.root;
    expect(listed.head).toContain('<meta name="description" content="Hiring insights');
    expect(list).toContain('Hiring freshers in Surat');
    expect(list).toContain(`href="/blogs/${slug}"`);
    const post = await get(`/blogs/${slug}`);
    expect(post.statusCode).toBe(200);
    expect(parts(post.body).root).toContain('<strong>Monday</strong>');
    // The post's summary (here drawn from its text) is the description search results show.
    expect(parts(post.body).head).toContain('<meta name="description" content="Walk-ins every Monday.');
    const missing = await get('/blogs/no-such-post');
    expect(missing.statusCode).toBe(404);
  });

  it('renders the sign-in form of /login with a title and a description', async () => {
    const response = await get('/login');
    expect(response.statusCode).toBe(200);
    const { head, root } = parts(response.body);
    expect(head).toMatch(/<title>Login \| [^<]+<\/title>/);
    expect(head).toContain('<meta name="description"');
    expect(root).toContain('id="login-username"');
    expect(root).toContain('id="login-password"');
  });

  it('shows a signed-out visitor the sign-in form in place of /view-forms and /add-blog, and no leads', async () => {
    for (const route of ['/view-forms', '/add-blog']) {
      const response = await get(route);
      expect(response.statusCode, route).toBe(200);
      expect(parts(response.body).root, route).toContain('id="login-password"');
    }
    expect((await get('/api/leads')).statusCode).toBe(401);
  });

  it('still sends a visitor of the other portal routes home', async () => {
    const portal = await get('/admin');
    expect(portal.statusCode).toBe(302);
    expect(portal.headers.location).toBe('/');
  });

  it("renders a signed-in user's screen with their own data, and leaves a screen their role may not open to the app", async () => {
    const lead = (name: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/forms/consultation',
        payload: {
          page: '/it-recruitment',
          captcha: 'off',
          data: { name, email: 'x@example.com', contact: '9876501234', lookingFor: 'Job' },
        },
      });
    const bde = await loginAs(server.app, server.db, 'BDE');
    const other = await loginAs(server.app, server.db, 'BDE');
    const mine = (await lead('Bhavna Rathod')).json().id;
    const theirs = (await lead('Someone Elses')).json().id;
    await server.db.query('update submissions set assigned_to = $1 where id = $2', [bde.id, mine]);
    await server.db.query('update submissions set assigned_to = $1 where id = $2', [other.id, theirs]);

    const inbox = await get('/view-forms', admin);
    expect(inbox.statusCode).toBe(200);
    // The screen comes whole, in a fieldset that takes no input until the app has hydrated, with its API answers.
    expect(inbox.body).toContain('<fieldset id="root" role="none" disabled>');
    expect(inbox.body).toContain('<title>Submitted Forms</title>');
    expect(inbox.body).toContain('Bhavna Rathod');
    expect(inbox.body).toMatch(/<script type="application\/json" id="rendered-state">\{/);
    // Still no code inline, and the API answers cannot end their script early.
    expect(inbox.body.match(/<script(?! type="application\/json")(?! type="module")[^>]*>/g)).toBeNull();
    expect(inbox.body).not.toContain('</script><');

    // A BDE's list holds their leads only: the API's rules decide what the HTML holds.
    const portal = await get('/bde-portal?tab=leads', bde.cookies);
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toContain('Bhavna Rathod');
    expect(portal.body).not.toContain('Someone Elses');

    // A screen the role does not open is the app's to answer (it says so), not rendered here.
    const forbidden = await get('/view-forms', bde.cookies);
    expect(forbidden.body).toContain('<div id="root"></div>');
    expect(forbidden.body).not.toContain('Bhavna Rathod');
  });
});
