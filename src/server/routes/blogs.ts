import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openUpload } from '../uploads/store';
import {
  createPost,
  findById,
  findPublished,
  isCoverUpload,
  listAll,
  listPublished,
  publishedCoverId,
  updatePost,
  type AdminPost,
} from '../blogs/blog-store';
import { cleanMarkdown, cleanSummary, cleanTitle, problemWith, type PostFields } from '../blogs/post-input';

const PUBLIC_PAGE_SIZE = 9;
const ADMIN_PAGE_SIZE = 20;
const ADMIN = ['ADMIN'];

const NO_POST = 'This blog post does not exist or is not published.';
const NO_COVER = 'This cover image does not exist.';
const BAD_COVER = 'The cover must be an image uploaded as a blog cover.';

const errorSchema = { type: 'object', properties: { error: { type: 'string' } } } as const;
const nullableString = { type: ['string', 'null'] } as const;
const publicPost = {
  type: 'object',
  properties: {
    slug: { type: 'string' },
    title: { type: 'string' },
    summary: { type: 'string' },
    publishedAt: { type: 'string' },
    author: nullableString,
    coverUrl: nullableString,
  },
} as const;
const adminPostProperties = {
  id: { type: 'string' },
  slug: { type: 'string' },
  title: { type: 'string' },
  summary: nullableString,
  coverUploadId: nullableString,
  coverUrl: nullableString,
  status: { type: 'string' },
  publishedAt: nullableString,
  createdAt: { type: 'string' },
  updatedAt: nullableString,
  author: nullableString,
} as const;
const adminPost = { type: 'object', properties: { ...adminPostProperties, markdown: { type: 'string' } } } as const;
const adminPostSummary = { type: 'object', properties: adminPostProperties } as const;
const pageQuery = { type: 'object', properties: { page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 } } } as const;
const slugParams = { type: 'object', required: ['slug'], properties: { slug: { type: 'string', maxLength: 200 } } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
const coverQuery = { type: 'object', properties: { v: { type: 'string', maxLength: 64 } } } as const;
// Generous bounds against abuse; the exact limits are checked in post-input.ts, with messages the editor shows.
const postProperties = {
  title: { type: 'string', maxLength: 2000 },
  summary: { type: ['string', 'null'], maxLength: 10000 },
  markdown: { type: 'string', maxLength: 1_000_000 },
  coverUploadId: { type: ['string', 'null'], maxLength: 64 },
  publish: { type: 'boolean' },
} as const;

interface PostBody {
  title: string;
  summary?: string | null;
  markdown: string;
  coverUploadId?: string | null;
  publish: boolean;
}

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Routes that answer a refused request with one {error} message, as the portal shows it, instead of the form API's
 * field list.
 */
function refuseInvalid(request: FastifyRequest, reply: FastifyReply) {
  if (!request.validationError) return false;
  reply.code(400).send({ error: `The request is not valid: ${request.validationError.message}.` });
  return true;
}

/** Sends an image upload with its stored type, or 404. */
async function sendCover(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, uploadId: string | undefined, cacheControl: string) {
  const upload = uploadId ? await openUpload(app.db, app.config.dataDir, uploadId) : undefined;
  if (!upload || !upload.mediaType.startsWith('image/')) return reply.code(404).send({ error: NO_COVER });
  const etag = `"${upload.id}"`;
  reply.header('cache-control', cacheControl).header('etag', etag).header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(upload.mediaType).header('content-length', upload.size).send(upload.stream());
}

/** API of blog posts: written by admins, read by everyone. */
export async function blogRoutes(app: FastifyInstance) {
  /** Validates a post as it would be stored; the cover must be an image uploaded as a blog cover. */
  async function problemWithPost(fields: PostFields, currentCover: string | null): Promise<string | undefined> {
    const problem = problemWith(fields);
    if (problem) return problem;
    if (fields.coverUploadId && fields.coverUploadId !== currentCover && !(await isCoverUpload(app.db, fields.coverUploadId))) return BAD_COVER;
    return undefined;
  }

  app.get<{ Querystring: { page: number } }>(
    '/api/blogs',
    {
      config: { access: 'public' },
      attachValidation: true,
      schema: {
        querystring: pageQuery,
        response: {
          200: {
            type: 'object',
            properties: { posts: { type: 'array', items: publicPost }, total: { type: 'integer' }, page: { type: 'integer' }, pageSize: { type: 'integer' } },
          },
          400: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (refuseInvalid(request, reply)) return reply;
      const { page } = request.query;
      return { ...(await listPublished(app.db, page, PUBLIC_PAGE_SIZE)), page, pageSize: PUBLIC_PAGE_SIZE };
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/api/blogs/:slug',
    {
      config: { access: 'public' },
      attachValidation: true,
      schema: {
        params: slugParams,
        response: {
          200: { type: 'object', properties: { post: { ...publicPost, properties: { ...publicPost.properties, markdown: { type: 'string' }, updatedAt: nullableString } } } },
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (refuseInvalid(request, reply)) return reply;
      const post = slugPattern.test(request.params.slug) ? await findPublished(app.db, request.params.slug) : undefined;
      if (!post) return reply.code(404).send({ error: NO_POST });
      return { post };
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/api/blogs/:slug/cover',
    { config: { access: 'public' }, attachValidation: true, schema: { params: slugParams, querystring: coverQuery, response: { 400: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      if (refuseInvalid(request, reply)) return reply;
      const uploadId = slugPattern.test(request.params.slug) ? await publishedCoverId(app.db, request.params.slug) : undefined;
      return sendCover(app, request, reply, uploadId, 'public, max-age=3600');
    },
  );

  app.post<{ Body: PostBody }>(
    '/api/blogs',
    {
      config: { access: ADMIN },
      attachValidation: true,
      schema: {
        body: { type: 'object', required: ['title', 'markdown', 'publish'], additionalProperties: false, properties: postProperties },
        response: { 201: { type: 'object', properties: { post: adminPost } }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      if (refuseInvalid(request, reply)) return reply;
      const { body } = request;
      const fields: PostFields = {
        title: cleanTitle(body.title),
        summary: cleanSummary(body.summary),
        markdown: cleanMarkdown(body.markdown),
        coverUploadId: body.coverUploadId || null,
        published: body.publish,
      };
      const problem = await problemWithPost(fields, null);
      if (problem) return reply.code(400).send({ error: problem });
      const post = await createPost(app.db, fields, request.user.id);
      return reply.code(201).send({ post });
    },
  );

  app.patch<{ Params: { id: string }; Body: Partial<PostBody> }>(
    '/api/blogs/:id',
    {
      config: { access: ADMIN },
      attachValidation: true,
      schema: {
        params: idParams,
        body: { type: 'object', additionalProperties: false, properties: postProperties },
        response: { 200: { type: 'object', properties: { post: adminPost } }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (refuseInvalid(request, reply)) return reply;
      const current = await findById(app.db, request.params.id);
      if (!current) return reply.code(404).send({ error: 'This blog post does not exist.' });
      const body = request.body ?? {};
      const fields: PostFields = {
        title: body.title === undefined ? current.title : cleanTitle(body.title),
        summary: body.summary === undefined ? current.summary : cleanSummary(body.summary),
        markdown: body.markdown === undefined ? current.markdown : cleanMarkdown(body.markdown),
        coverUploadId: body.coverUploadId === undefined ? current.coverUploadId : body.coverUploadId || null,
        published: body.publish ?? current.status === 'published',
      };
      const problem = await problemWithPost(fields, current.coverUploadId);
      if (problem) return reply.code(400).send({ error: problem });
      return { post: await updatePost(app.db, current, fields, request.user.id) };
    },
  );

  app.get<{ Querystring: { page: number } }>(
    '/api/admin/blogs',
    {
      config: { access: ADMIN },
      attachValidation: true,
      schema: {
        querystring: pageQuery,
        response: {
          200: {
            type: 'object',
            properties: { posts: { type: 'array', items: adminPostSummary }, total: { type: 'integer' }, page: { type: 'integer' }, pageSize: { type: 'integer' } },
          },
          400: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (refuseInvalid(request, reply)) return reply;
      const { page } = request.query;
      return { ...(await listAll(app.db, page, ADMIN_PAGE_SIZE)), page, pageSize: ADMIN_PAGE_SIZE };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/blogs/:id',
    {
      config: { access: ADMIN },
      attachValidation: true,
      schema: { params: idParams, response: { 200: { type: 'object', properties: { post: adminPost } }, 400: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      if (refuseInvalid(request, reply)) return reply;
      const post: AdminPost | undefined = await findById(app.db, request.params.id);
      if (!post) return reply.code(404).send({ error: 'This blog post does not exist.' });
      return { post };
    },
  );

  // Drafts' covers too, for the editor; the public route serves published covers only.
  app.get<{ Params: { id: string } }>(
    '/api/admin/blogs/:id/cover',
    { config: { access: ADMIN }, attachValidation: true, schema: { params: idParams, querystring: coverQuery, response: { 400: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      if (refuseInvalid(request, reply)) return reply;
      const post = await findById(app.db, request.params.id);
      return sendCover(app, request, reply, post?.coverUploadId ?? undefined, 'private, no-cache');
    },
  );
}
