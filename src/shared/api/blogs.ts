import { Type, type Static, type TSchema } from 'typebox';
import { AnyIdParams, CursorPaged, CursorQuery, Nullable } from './common';

/** The blog API: posts written by admins, read by everyone. */

/** A page of posts: the page size is the list's own (a grid of nine for readers, twenty for the admin). */
export const BlogPageQuery = Type.Object({ after: CursorQuery.properties.after, before: CursorQuery.properties.before });
export type BlogPageQuery = Static<typeof BlogPageQuery>;

export const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });
export type SlugParams = Static<typeof SlugParams>;

export const PostParams = AnyIdParams;
export type PostParams = Static<typeof PostParams>;

/** `?v=`: part of a cover's address that changes with the cover, so browsers may keep an image. */
export const CoverQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) });
export type CoverQuery = Static<typeof CoverQuery>;

/** A post as the public reads it. */
export const PublicPost = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  publishedAt: Type.String(),
  author: Nullable(Type.String()),
  coverUrl: Nullable(Type.String()),
});
export type PublicPost = Static<typeof PublicPost>;

export const PublicPostWithBody = Type.Object({ ...PublicPost.properties, markdown: Type.String(), updatedAt: Nullable(Type.String()) });
export type PublicPostWithBody = Static<typeof PublicPostWithBody>;

/** A post in the admin's list: drafts too. */
export const AdminPostSummary = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  summary: Nullable(Type.String()),
  coverUploadId: Nullable(Type.String()),
  coverUrl: Nullable(Type.String()),
  status: Type.Union([Type.Literal('draft'), Type.Literal('published')]),
  publishedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Nullable(Type.String()),
  author: Nullable(Type.String()),
});
export type AdminPostSummary = Static<typeof AdminPostSummary>;

/** A post as the admin's editor sees it, with its Markdown. */
export const AdminPost = Type.Object({ ...AdminPostSummary.properties, markdown: Type.String() });
export type AdminPost = Static<typeof AdminPost>;

const pageOf = <T extends TSchema>(post: T) => Type.Object({ posts: Type.Array(post), ...CursorPaged.properties });

export const PublicPostPage = pageOf(PublicPost);
export type PublicPostPage = Static<typeof PublicPostPage>;

export const AdminPostPage = pageOf(AdminPostSummary);
export type AdminPostPage = Static<typeof AdminPostPage>;

export const PublicPostReply = Type.Object({ post: PublicPostWithBody });
export type PublicPostReply = Static<typeof PublicPostReply>;

export const AdminPostReply = Type.Object({ post: AdminPost });
export type AdminPostReply = Static<typeof AdminPostReply>;

// Generous bounds against abuse; the exact limits (src/shared/blog-limits.ts) are checked with messages the editor shows.
const postFields = {
  title: Type.String({ maxLength: 2000 }),
  summary: Type.Optional(Nullable(Type.String({ maxLength: 10000 }))),
  markdown: Type.String({ maxLength: 1_000_000 }),
  coverUploadId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  publish: Type.Boolean(),
};

/** A new post, published at once or kept as a draft. */
export const NewPost = Type.Object(postFields, { additionalProperties: false });
export type NewPost = Static<typeof NewPost>;

/** An edit of a post: the fields it changes. */
export const PostChanges = Type.Partial(Type.Object(postFields), { additionalProperties: false });
export type PostChanges = Static<typeof PostChanges>;
