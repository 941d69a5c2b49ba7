import { randomBytes } from 'node:crypto';
import { queryOne, type Database, type Queryable } from '../db/database';

/** The SQL of unpublishing, deleting and renaming a page, and of the redirects a rename leaves. */

export interface Mover {
  authorId: string | null;
  authorName: string;
}

const bumpPublishVersion = (tx: Queryable) => tx.query('update page_publish_version set version = version + 1 where id = 1');

/** Locks a page's row and adds a revision at the top of its history (same document, what happened as its summary). */
async function noteInHistory(tx: Queryable, route: string, summary: string, by: Mover) {
  const [state] = await tx.query<{ head_revision_id: string }>('select head_revision_id from page_states where route = $1 for update', [
    route,
  ]);
  if (!state) return undefined;
  const { id } = await queryOne<{ id: string }>(
    tx,
    `insert into page_revisions (route, document, base_revision_id, author_id, author_name, summary)
     select route, document, id, $2, $3, $4 from page_revisions where id = $1 returning id`,
    [state.head_revision_id, by.authorId, by.authorName, summary],
  );
  await tx.query('update page_states set head_revision_id = $2 where route = $1', [route, id]);
  return id;
}

/** The site stops serving the page's published revision (its file, if it has one, is served again); false if none. */
export async function unpublish(db: Database, route: string, by: Mover): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [published] = await tx.query('select 1 from page_states where route = $1 and published_revision_id is not null', [route]);
    if (!published || !(await noteInHistory(tx, route, 'unpublished', by))) return false;
    await tx.query(
      `update page_states set published_revision_id = null, published_html = null, published_data = null, published_build = null,
         published_at = null, published_by = null, scheduled_revision_id = null, scheduled_at = null where route = $1`,
      [route],
    );
    // Its pages in other languages go with it.
    await tx.query('delete from page_locale_states where route = $1', [route]);
    await bumpPublishVersion(tx);
    return true;
  });
}

/**
 * Removes a page made in the editor: the site no longer serves it and the editor no longer lists it. Its revisions
 * stay, the last one saying it was deleted, so a page made again at the route shows what was there before.
 */
export async function deletePage(db: Database, route: string, by: Mover): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await noteInHistory(tx, route, 'deleted', by))) return false;
    await tx.query('delete from page_states where route = $1', [route]);
    await tx.query('delete from page_redirects where to_route = $1', [route]);
    await bumpPublishVersion(tx);
    return true;
  });
}

export interface Rename extends Mover {
  from: string;
  to: string;
  /** The page's latest document with its new route. */
  document: Record<string, unknown>;
  /** The document rendered, when the page was published: it is published at once at its new route. */
  published?: { html: string; data: string; build: string };
}

/**
 * Moves a page to another route in one transaction: its latest document becomes the first revision at the new route
 * (published there if it was published), the old route's history says where it went, and the old route answers 301
 * to the new one, as do routes that redirected to the old one. 'taken' when a page has the new route meanwhile.
 */
export async function renamePage(db: Database, r: Rename): Promise<'renamed' | 'taken' | 'missing'> {
  return db
    .transaction(async (tx) => {
      const base = await noteInHistory(tx, r.from, `renamed to ${r.to}`, r);
      if (!base) return 'missing';
      const { id } = await queryOne<{ id: string }>(
        tx,
        `insert into page_revisions (route, document, base_revision_id, author_id, author_name, summary)
       values ($1, $2, $3, $4, $5, $6) returning id`,
        [r.to, JSON.stringify(r.document), base, r.authorId, r.authorName, `renamed from ${r.from}`],
      );
      const p = r.published;
      const inserted = await tx.query(
        `insert into page_states (route, head_revision_id, preview_token, published_revision_id, published_html, published_data,
         published_build, published_at, published_by)
       values ($1, $2, $3, $4, $5, $6, $7, case when $4::bigint is null then null else now() end, $8)
       on conflict (route) do nothing returning route`,
        [
          r.to,
          id,
          randomBytes(24).toString('base64url'),
          p ? id : null,
          p?.html ?? null,
          p?.data ?? null,
          p?.build ?? null,
          p ? r.authorName : null,
        ],
      );
      if (!inserted.length) throw new RouteTaken();
      await tx.query('delete from page_states where route = $1', [r.from]);
      await tx.query('delete from page_redirects where from_route = $1', [r.to]);
      await tx.query('update page_redirects set to_route = $2 where to_route = $1', [r.from, r.to]);
      await tx.query(
        `insert into page_redirects (from_route, to_route, created_by) values ($1, $2, $3)
       on conflict (from_route) do update set to_route = excluded.to_route, created_by = excluded.created_by, created_at = now()`,
        [r.from, r.to, r.authorName],
      );
      await bumpPublishVersion(tx);
      return 'renamed' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof RouteTaken) return 'taken' as const;
      throw error;
    });
}

class RouteTaken extends Error {}

/** Every redirect a rename left, for the processes serving the site. */
export const pageRedirects = (db: Queryable) =>
  db.query<{ from_route: string; to_route: string }>('select from_route, to_route from page_redirects');
