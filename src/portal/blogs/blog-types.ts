/** The blog API's answers, as src/server/routes/blogs.ts sends them. */

export interface PublicPost {
  slug: string;
  title: string;
  summary: string;
  publishedAt: string;
  author: string | null;
  coverUrl: string | null;
}

export interface PublicPostWithBody extends PublicPost {
  markdown: string;
  updatedAt: string | null;
}

export interface PostPage<T> {
  posts: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminPostSummary {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  coverUploadId: string | null;
  coverUrl: string | null;
  status: 'draft' | 'published';
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string | null;
  author: string | null;
}

export interface AdminPost extends AdminPostSummary {
  markdown: string;
}

/** The limits the server checks, so the editor can say so before saving. */
export const TITLE_MIN = 3;
export const TITLE_MAX = 160;
export const SUMMARY_MAX = 300;
export const MARKDOWN_MAX_BYTES = 100 * 1024;

export interface PostFields {
  title: string;
  summary: string | null;
  markdown: string;
  coverUploadId: string | null;
  publish: boolean;
}
