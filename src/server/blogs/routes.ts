import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openUpload } from '../uploads/store';
import {
  AdminPostPage,
  AdminPostReply,
  BlogPageQuery,
  CoverQuery,
  NewPost,
  PostChanges,
  PostParams,
  PublicPostPage,
  PublicPostReply,
  SlugParams,
} from '../../shared/api/blogs';
import { problemWithPost } from '../../shared/blog-post-rules';
import { ADMIN_ROLES } from '../../shared/roles';
import { createPost, findById, findPublished, isCoverUpload, listAll, listPublished, publishedCoverId, updatePost } from './store';
import { cleanMarkdown, cleanSummary, cleanTitle, type PostFields } from './post-input';

const PUBLIC_PAGE_SIZE = 9;
const ADMIN_PAGE_SIZE = 20;

const NO_POST = 'This blog post does not exist or is not published.';
const NO_SUCH_POST = 'This blog post does not exist.';
const NO_COVER = 'This cover image does not exist.';
const BAD_COVER = 'The cover must be an image uploaded as a blog cover.';

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** API of blog posts: written by admins, read by everyone. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** Sends an image upload with its stored type, or 404. */
  async function sendCover(request: FastifyRequest, reply: FastifyReply, uploadId: string | undefined, cacheControl: string) {
    const upload = uploadId ? await openUpload(app.db, app.config.dataDir, uploadId) : undefined;
    if (!upload || !upload.mediaType.startsWith('image/')) return reply.notFound(NO_COVER);
    const etag = `"${upload.id}"`;
    reply.header('cache-control', cacheControl).header('etag', etag).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(upload.mediaType).header('content-length', upload.size).send(upload.stream());
  }

  /** Refuses a post as it would be stored; the cover must be an image uploaded as a blog cover. */
  async function checkPost(fields: PostFields, currentCover: string | null): Promise<void> {
    const problem = problemWithPost({ ...fields, publish: fields.published });
    if (problem) throw app.httpErrors.badRequest(problem);
    if (fields.coverUploadId && fields.coverUploadId !== currentCover && !(await isCoverUpload(app.db, fields.coverUploadId))) {
      throw app.httpErrors.badRequest(BAD_COVER);
    }
  }

  app.get(
    '/api/blogs',
    { config: { access: 'public' }, schema: { querystring: BlogPageQuery, response: { 200: PublicPostPage } } },
    async (request) => listPublished(app.db, { ...request.query, pageSize: PUBLIC_PAGE_SIZE }),
  );

  app.get(
    '/api/blogs/:slug',
    { config: { access: 'public' }, schema: { params: SlugParams, response: { 200: PublicPostReply } } },
    async (request, reply) => {
      const post = slugPattern.test(request.params.slug) ? await findPublished(app.db, request.params.slug) : undefined;
      if (!post) return reply.notFound(NO_POST);
      return { post };
    },
  );

  app.get(
    '/api/blogs/:slug/cover',
    { config: { access: 'public' }, schema: { params: SlugParams, querystring: CoverQuery } },
    async (request, reply) => {
      const uploadId = slugPattern.test(request.params.slug) ? await publishedCoverId(app.db, request.params.slug) : undefined;
      return sendCover(request, reply, uploadId, 'public, max-age=3600');
    },
  );

  app.post(
    '/api/blogs',
    { config: { access: ADMIN_ROLES }, schema: { body: NewPost, response: { 201: AdminPostReply } } },
    async (request, reply) => {
      const { body } = request;
      const fields: PostFields = {
        title: cleanTitle(body.title),
        summary: cleanSummary(body.summary),
        markdown: cleanMarkdown(body.markdown),
        coverUploadId: body.coverUploadId || null,
        published: body.publish,
      };
      await checkPost(fields, null);
      const post = await createPost(app.db, fields, request.user.id);
      return reply.code(201).send({ post });
    },
  );

  app.patch(
    '/api/blogs/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: PostParams, body: PostChanges, response: { 200: AdminPostReply } } },
    async (request, reply) => {
      const current = await findById(app.db, request.params.id);
      if (!current) return reply.notFound(NO_SUCH_POST);
      const body = request.body ?? {};
      const fields: PostFields = {
        title: body.title === undefined ? current.title : cleanTitle(body.title),
        summary: body.summary === undefined ? current.summary : cleanSummary(body.summary),
        markdown: body.markdown === undefined ? current.markdown : cleanMarkdown(body.markdown),
        coverUploadId: body.coverUploadId === undefined ? current.coverUploadId : body.coverUploadId || null,
        published: body.publish ?? current.status === 'published',
      };
      await checkPost(fields, current.coverUploadId);
      return { post: await updatePost(app.db, current, fields, request.user.id) };
    },
  );

  app.get(
    '/api/admin/blogs',
    { config: { access: ADMIN_ROLES }, schema: { querystring: BlogPageQuery, response: { 200: AdminPostPage } } },
    async (request) => listAll(app.db, { ...request.query, pageSize: ADMIN_PAGE_SIZE }),
  );

  app.get(
    '/api/admin/blogs/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: PostParams, response: { 200: AdminPostReply } } },
    async (request, reply) => {
      const post = await findById(app.db, request.params.id);
      if (!post) return reply.notFound(NO_SUCH_POST);
      return { post };
    },
  );

  // Drafts' covers too, for the editor; the public route serves published covers only.
  app.get(
    '/api/admin/blogs/:id/cover',
    { config: { access: ADMIN_ROLES }, schema: { params: PostParams, querystring: CoverQuery } },
    async (request, reply) => {
      const post = await findById(app.db, request.params.id);
      return sendCover(request, reply, post?.coverUploadId ?? undefined, 'private, no-cache');
    },
  );
};

export const blogRoutes = fp(routes, { name: 'blogs', dependencies: ['database'], encapsulate: true });
