import { queryOne, type Database, type Queryable } from '../db/database';
import type { PageRequest, SortKey } from '../db/keyset';
import { listPage } from '../lists/list-page';
import { SqlParams } from '../db/sql-params';
import { iso } from '../db/sql-values';
import { recordActivity } from '../activity/store';
import type { AdminPost, PublicPost, PublicPostWithBody } from '../../shared/api/blogs';
import { isUuid } from '../../shared/uuid';
import { excerptOf } from './excerpt';
import { firstFreeSlug, slugFromTitle } from './slug';
import type { PostFields } from './post-input';
import { staffName } from '../users/staff-name';

/** A post with the API's names; timestamps as the driver gives them. */
interface PostRow {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  markdown: string;
  coverUploadId: string | null;
  publishedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string | null;
  author: string | null;
}

// The upload's id in the address changes when the cover does, so browsers may keep an image for a while.
const coverUrl = (path: string, uploadId: string | null) => (uploadId ? `${path}/cover?v=${uploadId.slice(0, 8)}` : null);

function toPublic({ slug, title, summary, markdown, publishedAt, author, coverUploadId }: PostRow): PublicPost {
  // Only published posts are read this way.
  const published = iso(publishedAt as Date | string);
  return {
    slug,
    title,
    summary: summary ?? excerptOf(markdown),
    publishedAt: published,
    author,
    coverUrl: coverUrl(`/api/blogs/${slug}`, coverUploadId),
  };
}

function toAdmin({ publishedAt, createdAt, updatedAt, ...post }: PostRow): AdminPost {
  return {
    ...post,
    coverUrl: coverUrl(`/api/admin/blogs/${post.id}`, post.coverUploadId),
    status: publishedAt ? 'published' : 'draft',
    publishedAt: iso(publishedAt),
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

/** `body` is the Markdown, or for lists only its opening: enough for an excerpt, not 100 KB a card. */
const selectPosts = (body: string) => `
  select p.id, p.slug, p.title, p.summary, ${body} as markdown, p.cover_upload_id as "coverUploadId", p.published_at as "publishedAt",
         p.created_at as "createdAt", p.updated_at as "updatedAt", ${staffName('u')} as author
    from blog_posts p left join users u on u.id = p.author_id`;

const publishedOrder: SortKey[] = [
  { sql: 'p.published_at', direction: 'desc' },
  { sql: 'p.id', direction: 'desc' },
];

/** Published posts, newest first, with the opening of each for its excerpt. */
export async function listPublished(db: Database, page: PageRequest) {
  const { rows, ...paging } = await listPage<PostRow>(
    db,
    {
      select: selectPosts('left(p.markdown, 2000)'),
      countFrom: 'from blog_posts p',
      where: 'p.published_at is not null',
      params: new SqlParams(),
      order: publishedOrder,
    },
    page,
  );
  return { posts: rows.map(toPublic), ...paging };
}

export async function findPublished(db: Queryable, slug: string): Promise<PublicPostWithBody | undefined> {
  const [row] = await db.query<PostRow>(`${selectPosts('p.markdown')} where p.slug = $1 and p.published_at is not null`, [slug]);
  return row && { ...toPublic(row), markdown: row.markdown, updatedAt: iso(row.updatedAt) };
}

/** Drafts first, then the most recently changed. */
const adminOrder: SortKey[] = [
  { sql: '(p.published_at is null)', direction: 'desc' },
  { sql: 'coalesce(p.updated_at, p.created_at)', direction: 'desc' },
  { sql: 'p.id', direction: 'desc' },
];

/** Every post, without their Markdown. */
export async function listAll(db: Database, page: PageRequest) {
  const { rows, ...paging } = await listPage<PostRow>(
    db,
    { select: selectPosts("''"), countFrom: 'from blog_posts p', where: 'true', params: new SqlParams(), order: adminOrder },
    page,
  );
  const posts = rows.map((row) => {
    const { markdown: _, ...post } = toAdmin(row);
    return post;
  });
  return { posts, ...paging };
}

export async function findById(db: Queryable, id: string): Promise<AdminPost | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<PostRow>(`${selectPosts('p.markdown')} where p.id = $1`, [id]);
  return row && toAdmin(row);
}

/** The cover upload of a published post, the only covers the public may fetch. */
export async function publishedCoverId(db: Queryable, slug: string): Promise<string | undefined> {
  const [row] = await db.query<{ cover_upload_id: string | null }>(
    'select cover_upload_id from blog_posts where slug = $1 and published_at is not null',
    [slug],
  );
  return row?.cover_upload_id ?? undefined;
}

/** Whether an upload can be a cover: an image uploaded as a blog cover (the upload route checked its bytes). */
export async function isCoverUpload(db: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.query<{ kind: string; media_type: string }>('select kind, media_type from uploads where id = $1', [id]);
  return row?.kind === 'blog-cover' && row.media_type.startsWith('image/');
}

const isSlugTaken = (error: unknown) => (error as { code?: string }).code === '23505';

/** Slugs that start like base, but not the post's own. */
async function takenSlugs(tx: Queryable, base: string, exceptId: string | null): Promise<string[]> {
  const rows = await tx.query<{ slug: string }>(
    `select slug from blog_posts where (slug = $1 or slug like $2) and ($3::uuid is null or id <> $3::uuid)`,
    [base, `${base}-%`, exceptId],
  );
  return rows.map((r) => r.slug);
}

/**
 * Runs a write that needs a free slug; two admins saving the same title at once race for it, so the loser of the
 * unique index tries the next number.
 */
async function withFreeSlug<T>(
  db: Database,
  title: string,
  exceptId: string | null,
  write: (tx: Queryable, slug: string) => Promise<T>,
): Promise<T> {
  const base = slugFromTitle(title);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => write(tx, firstFreeSlug(base, await takenSlugs(tx, base, exceptId))));
    } catch (error) {
      if (!isSlugTaken(error) || attempt >= 10) throw error;
    }
  }
}

export async function createPost(db: Database, fields: PostFields, authorId: string): Promise<AdminPost> {
  const id = await withFreeSlug(db, fields.title, null, async (tx, slug) => {
    const row = await queryOne<{ id: string }>(
      tx,
      `insert into blog_posts (slug, title, summary, markdown, cover_upload_id, author_id, published_at)
       values ($1, $2, $3, $4, $5, $6, case when $7::boolean then now() end) returning id`,
      [slug, fields.title, fields.summary, fields.markdown, fields.coverUploadId, authorId, fields.published],
    );
    await recordActivity(
      tx,
      authorId,
      fields.published ? 'blog.publish' : 'blog.create',
      { type: 'blog', id: row.id },
      { title: fields.title, slug },
    );
    return row.id;
  });
  return reread(db, id);
}

/** Saves an edit. A draft's slug follows its title; once published, the address stays as readers know it. */
export async function updatePost(db: Database, current: AdminPost, fields: PostFields, actorId: string): Promise<AdminPost> {
  const reslug = current.status === 'draft' && fields.title !== current.title;
  const write = async (tx: Queryable, slug: string) => {
    await tx.query(
      `update blog_posts
          set slug = $2, title = $3, summary = $4, markdown = $5, cover_upload_id = $6, updated_at = now(),
              published_at = case when $7::boolean then coalesce(published_at, now()) end
        where id = $1`,
      [current.id, slug, fields.title, fields.summary, fields.markdown, fields.coverUploadId, fields.published],
    );
    const action =
      fields.published && current.status === 'draft'
        ? 'blog.publish'
        : !fields.published && current.status === 'published'
          ? 'blog.unpublish'
          : 'blog.update';
    await recordActivity(tx, actorId, action, { type: 'blog', id: current.id }, { title: fields.title, slug });
  };
  if (reslug) await withFreeSlug(db, fields.title, current.id, write);
  else await db.transaction((tx) => write(tx, current.slug));
  return reread(db, current.id);
}

/** A post just written, as the editor sees it. */
async function reread(db: Queryable, id: string): Promise<AdminPost> {
  const post = await findById(db, id);
  if (!post) throw new Error(`blog post ${id} vanished while it was saved`);
  return post;
}
