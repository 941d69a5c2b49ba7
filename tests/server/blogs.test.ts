import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { errorBody } from '../../src/server/http/error-reply';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const hostile = {
  title: 'Hiring <script>alert(1)</script> in Pune',
  summary: 'A summary with <img src=x onerror="alert(1)">',
  markdown: [
    '# Hello <script>alert(1)</script>',
    '',
    '<img src=x onerror="alert(1)">',
    '',
    'A [link](javascript:alert(1)) and **bold** text.',
  ].join('\n'),
};

describe.each(databaseKinds)('blogs on %s', (kind) => {
  let server: Server;
  let admin: { id: string; cookies: Record<string, string> };

  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    admin = await loginAs(server.app, server.db, 'ADMIN', { fullName: 'Asha Rao' });
  });
  afterAll(() => server.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, cookies: admin.cookies });
  const create = (payload: object) => asAdmin('POST', '/api/blogs', payload);

  /** A cover image through the upload route, as the editor sends it (kind blog-cover, admins only). */
  async function uploadCover(): Promise<string> {
    const body = new FormData();
    body.append('kind', 'blog-cover');
    body.append('file', new Blob([new Uint8Array(png)]), 'cover.png');
    const response = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: body, cookies: admin.cookies });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  it('publishes a post with script tags, event handlers and a javascript: link, and serves it as data', async () => {
    const coverUploadId = await uploadCover();
    const created = await create({ ...hostile, coverUploadId, publish: true });
    expect(created.statusCode).toBe(201);
    const { post } = created.json();
    expect(post).toMatchObject({
      slug: 'hiring-script-alert-1-script-in-pune',
      title: hostile.title,
      status: 'published',
      author: 'Asha Rao',
    });
    expect(post.publishedAt).toBeTruthy();

    const list = await get('/api/blogs');
    expect(list.statusCode).toBe(200);
    const listed = list.json().posts.find((p: { slug: string }) => p.slug === post.slug);
    expect(listed).toMatchObject({ title: hostile.title, summary: hostile.summary, author: 'Asha Rao' });
    expect(listed.coverUrl).toMatch(new RegExp(`^/api/blogs/${post.slug}/cover\\?v=`));
    expect(listed).not.toHaveProperty('markdown');

    const one = await get(`/api/blogs/${post.slug}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().post).toMatchObject({ slug: post.slug, title: hostile.title, markdown: hostile.markdown });
    // The API hands out JSON, never HTML: the browser's renderer sanitises on render.
    expect(one.headers['content-type']).toMatch(/^application\/json/);

    const cover = await get(listed.coverUrl);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.headers['x-content-type-options']).toBe('nosniff');
    expect(cover.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(cover.rawPayload.equals(png)).toBe(true);
    const again = await server.app.inject({
      method: 'GET',
      url: listed.coverUrl,
      headers: { 'if-none-match': cover.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const [activity] = await server.db.query<{ action: string; actor_id: string }>(
      `select action, actor_id from activity where subject_type = 'blog' and subject_id = $1`,
      [post.id],
    );
    expect(activity).toMatchObject({ action: 'blog.publish', actor_id: admin.id });
  });

  it('makes slugs from titles, unique by -2, -3', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++)
      slugs.push((await create({ title: 'Café & Careers: India’s 2026!', markdown: 'x', publish: true })).json().post.slug);
    expect(slugs).toEqual(['cafe-and-careers-indias-2026', 'cafe-and-careers-indias-2026-2', 'cafe-and-careers-indias-2026-3']);
    // Saved at the same moment, the same title still gets one slug each.
    const racing = await Promise.all([1, 2, 3, 4, 5].map(() => create({ title: 'Same moment', markdown: 'x', publish: true })));
    expect(racing.map((r) => r.json().post.slug).sort()).toEqual([
      'same-moment',
      'same-moment-2',
      'same-moment-3',
      'same-moment-4',
      'same-moment-5',
    ]);
    expect((await create({ title: 'भर्ती समाचार', markdown: 'x', publish: false })).json().post.slug).toBe('post');
    const long = (await create({ title: 'word '.repeat(30), markdown: 'x', publish: false })).json().post.slug;
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^word(-word)+$/);
  });

  it('keeps drafts out of the public API until published, and out again when unpublished', async () => {
    const coverUploadId = await uploadCover();
    const draft = (await create({ title: 'Draft thoughts', markdown: 'Not yet.', coverUploadId, publish: false })).json().post;
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, slug: 'draft-thoughts' });
    const isListed = async (slug: string) => (await get('/api/blogs')).json().posts.some((p: { slug: string }) => p.slug === slug);
    expect(await isListed(draft.slug)).toBe(false);
    expect((await get(`/api/blogs/${draft.slug}`)).json()).toEqual(errorBody('This blog post does not exist or is not published.'));
    expect((await get(`/api/blogs/${draft.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/blogs/${draft.slug}/cover`)).statusCode).toBe(404);
    // The editor still sees the draft, its Markdown and its cover.
    const all = (await asAdmin('GET', '/api/admin/blogs')).json();
    expect(all.posts.find((p: { id: string }) => p.id === draft.id)).toMatchObject({ status: 'draft', title: 'Draft thoughts' });
    expect((await asAdmin('GET', `/api/admin/blogs/${draft.id}`)).json().post.markdown).toBe('Not yet.');
    expect((await asAdmin('GET', `/api/admin/blogs/${draft.id}/cover`)).statusCode).toBe(200);

    // A draft's slug follows its title; publishing fixes it.
    const renamed = (await asAdmin('PATCH', `/api/blogs/${draft.id}`, { title: 'Final thoughts' })).json().post;
    expect(renamed.slug).toBe('final-thoughts');
    const published = (await asAdmin('PATCH', `/api/blogs/${draft.id}`, { publish: true })).json().post;
    expect(published).toMatchObject({ status: 'published', slug: 'final-thoughts' });
    expect(await isListed('final-thoughts')).toBe(true);
    expect((await get('/api/blogs/final-thoughts/cover')).statusCode).toBe(200);
    const retitled = (await asAdmin('PATCH', `/api/blogs/${draft.id}`, { title: 'Final thoughts, revised' })).json().post;
    expect(retitled.slug).toBe('final-thoughts');
    expect(retitled.publishedAt).toBe(published.publishedAt);

    const unpublished = await asAdmin('PATCH', `/api/blogs/${draft.id}`, { publish: false });
    expect(unpublished.json().post).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await get('/api/blogs/final-thoughts')).statusCode).toBe(404);
    expect((await get('/api/blogs/final-thoughts/cover')).statusCode).toBe(404);
    const actions = await server.db.query<{ action: string }>(`select action from activity where subject_id = $1 order by id`, [draft.id]);
    expect(actions.map((a) => a.action)).toEqual(['blog.create', 'blog.update', 'blog.publish', 'blog.update', 'blog.unpublish']);
  });

  it('pages the published posts, newest first', async () => {
    for (let i = 1; i <= 10; i++) await create({ title: `Paging post ${i}`, markdown: `Post ${i}`, publish: true });
    const first = (await get('/api/blogs')).json();
    expect(first).toMatchObject({ pageSize: 9, prevCursor: null, nextCursor: expect.any(String) });
    expect(first.posts).toHaveLength(9);
    expect(first.posts[0].title).toBe('Paging post 10');
    const dates = first.posts.map((p: { publishedAt: string }) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (await get(`/api/blogs?after=${first.nextCursor}`)).json();
    expect(second.total).toBe(first.total);
    expect(second.posts.some((p: { title: string }) => first.posts.some((q: { title: string }) => q.title === p.title))).toBe(false);
    expect((await get(`/api/blogs?before=${second.prevCursor}`)).json().posts).toEqual(first.posts);
    expect((await get('/api/blogs?after=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });

  it('refuses writes without a session (401) and from other roles (403)', async () => {
    const body = { title: 'Not allowed', markdown: 'x', publish: true };
    const { id } = first(await server.db.query<{ id: string }>('select id from blog_posts limit 1'), 'a blog post');
    expect((await server.app.inject({ method: 'POST', url: '/api/blogs', payload: body })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'PATCH', url: `/api/blogs/${id}`, payload: { publish: false } })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/admin/blogs' })).statusCode).toBe(401);
    for (const role of ['BDE', 'FBDE', 'RECRUITER', 'HIRING_MANAGER']) {
      const { cookies } = await loginAs(server.app, server.db, role, { city: 'Surat' });
      const post = await server.app.inject({ method: 'POST', url: '/api/blogs', payload: body, cookies });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual(errorBody('You do not have permission to do that.'));
      expect((await server.app.inject({ method: 'PATCH', url: `/api/blogs/${id}`, payload: { publish: false }, cookies })).statusCode).toBe(
        403,
      );
      expect((await server.app.inject({ method: 'GET', url: '/api/admin/blogs', cookies })).statusCode).toBe(403);
      expect((await server.app.inject({ method: 'GET', url: `/api/admin/blogs/${id}`, cookies })).statusCode).toBe(403);
    }
  });

  it('checks lengths and the cover with clear messages', async () => {
    const refuse = async (payload: object, error: string) => {
      const response = await create(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody(error));
    };
    await refuse({ title: 'Hi', markdown: 'x', publish: false }, 'The title must be between 3 and 160 characters.');
    await refuse({ title: 'x'.repeat(161), markdown: 'x', publish: false }, 'The title must be between 3 and 160 characters.');
    await refuse(
      { title: 'Too long', markdown: 'x'.repeat(100 * 1024 + 1), publish: false },
      'The post is too long: at most 100 KB of Markdown.',
    );
    await refuse({ title: 'Empty', markdown: '  ', publish: true }, 'Write the post before publishing it.');
    await refuse(
      { title: 'Long summary', summary: 's'.repeat(301), markdown: 'x', publish: false },
      'The summary must be at most 300 characters.',
    );
    const resume = first(
      await server.db.query<{ id: string }>(
        `insert into uploads (kind, original_name, media_type, size_bytes, stored_name) values ('resume', 'cv.pdf', 'application/pdf', 10, $1) returning id`,
        [randomUUID()],
      ),
      'the inserted resume upload',
    ).id;
    const badCover = 'The cover must be an image uploaded as a blog cover.';
    await refuse({ title: 'Bad cover', markdown: 'x', coverUploadId: resume, publish: false }, badCover);
    await refuse({ title: 'Bad cover', markdown: 'x', coverUploadId: 'not-an-id', publish: false }, badCover);
    const missing = await create({ markdown: 'x', publish: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/title/);
    // Exactly 100 KB is allowed, and a draft may be empty.
    expect((await create({ title: 'Just fits', markdown: 'x'.repeat(100 * 1024), publish: false })).statusCode).toBe(201);
    expect((await create({ title: 'Empty draft', markdown: '', publish: false })).statusCode).toBe(201);
    expect((await asAdmin('PATCH', `/api/blogs/${randomUUID()}`, { publish: true })).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/blogs/not-a-uuid', { publish: true })).statusCode).toBe(404);
    expect((await get('/api/blogs/No_Such')).statusCode).toBe(404);
  });
});
