import { randomBytes } from 'node:crypto';
import { queryOne, type Database, type Queryable } from '../db/database';
import { migratePage } from '../../shared/page-migrations/migrate-page';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/** All SQL of the page editor: revisions, each page's state, and the publish counter every process watches. */

export interface PageStateRow {
  route: string;
  head_revision_id: string;
  published_revision_id: string | null;
  published_at: Date | null;
  scheduled_revision_id: string | null;
  scheduled_at: Date | null;
  preview_token: string;
  head_author: string;
  head_created_at: Date;
}

export interface RevisionRow {
  id: string;
  route: string;
  document: Record<string, unknown>;
  base_revision_id: string | null;
  author_name: string;
  summary: string;
  created_at: Date;
}

const stateColumns = `s.route, s.head_revision_id, s.published_revision_id, s.published_at, s.scheduled_revision_id, s.scheduled_at,
  s.preview_token, r.author_name as head_author, r.created_at as head_created_at`;

export const pageStates = (db: Queryable) =>
  db.query<PageStateRow>(`select ${stateColumns} from page_states s join page_revisions r on r.id = s.head_revision_id order by s.route`);

export async function pageState(db: Queryable, route: string): Promise<PageStateRow | undefined> {
  const [row] = await db.query<PageStateRow>(
    `select ${stateColumns} from page_states s join page_revisions r on r.id = s.head_revision_id where s.route = $1`,
    [route],
  );
  return row;
}

/**
 * A stored document as the code reads it: a revision saved before a change of shape is migrated as it is read, so it
 * opens, compares, previews, publishes and rolls back like a new one. The row itself is left as it was.
 */
function inCurrentShape<Row extends { document: Record<string, unknown> }>(row: Row): Row {
  return { ...row, document: migratePage(row.document) };
}

export async function revision(db: Queryable, route: string, id: number | string): Promise<RevisionRow | undefined> {
  const [row] = await db.query<RevisionRow>('select * from page_revisions where id = $1 and route = $2', [id, route]);
  return row && inCurrentShape(row);
}

/** The latest revision of the page whose draft preview has this token. */
export async function draftByToken(db: Queryable, token: string): Promise<RevisionRow | undefined> {
  const [row] = await db.query<RevisionRow>(
    'select r.* from page_states s join page_revisions r on r.id = s.head_revision_id where s.preview_token = $1',
    [token],
  );
  return row && inCurrentShape(row);
}

/** The newest revisions of a page, newest first. */
export async function history(db: Queryable, route: string, limit = 50): Promise<RevisionRow[]> {
  const rows = await db.query<RevisionRow>('select * from page_revisions where route = $1 order by id desc limit $2', [route, limit]);
  return rows.map(inCurrentShape);
}

export interface NewRevision {
  route: string;
  document: Record<string, unknown>;
  /** The revision the document was edited from; null for the file. */
  baseRevisionId: number | null;
  authorId: string | null;
  authorName: string;
  summary: string;
}

/**
 * Stores a revision as the page's latest, unless another was saved since the one it was edited from: then nothing is
 * stored and the answer is 'conflict'. The page's row is locked for the check, so of two saves from the same base
 * exactly one wins.
 */
export async function saveRevision(db: Database, input: NewRevision): Promise<{ id: string } | 'conflict'> {
  return db
    .transaction(async (tx) => {
      const [state] = await tx.query<{ head_revision_id: string }>('select head_revision_id from page_states where route = $1 for update', [
        input.route,
      ]);
      const head = state ? Number(state.head_revision_id) : null;
      if (head !== input.baseRevisionId) return 'conflict';
      const { id } = await queryOne<{ id: string }>(
        tx,
        `insert into page_revisions (route, document, base_revision_id, author_id, author_name, summary)
       values ($1, $2, $3, $4, $5, $6) returning id`,
        [input.route, JSON.stringify(input.document), input.baseRevisionId, input.authorId, input.authorName, input.summary],
      );
      if (state) {
        await tx.query('update page_states set head_revision_id = $2 where route = $1', [input.route, id]);
        return { id };
      }
      // Two first saves of a page race for its row: the one that finds it taken has lost, as above.
      const inserted = await tx.query(
        `insert into page_states (route, head_revision_id, preview_token) values ($1, $2, $3) on conflict (route) do nothing returning route`,
        [input.route, id, randomBytes(24).toString('base64url')],
      );
      if (!inserted.length) throw new SaveRaceLost();
      return { id };
    })
    .catch((error: unknown) => {
      if (error instanceof SaveRaceLost) return 'conflict' as const;
      throw error;
    });
}

class SaveRaceLost extends Error {}

export interface Publication {
  route: string;
  revisionId: number;
  html: string;
  data: string;
  build: string;
  by: string;
  /** The page in each other language the revision is whole in, published with it; the others keep theirs. */
  translations?: { locale: Locale; html: string; data: string }[];
  /** The other languages the revision lists: a page published in one it no longer lists is taken down. */
  listed?: readonly Locale[];
}

/**
 * Makes a revision the one the site serves, HTML and document in one update, and counts the change so every process
 * serving the site reloads. A schedule for this revision or an older one is done with.
 */
export async function publish(db: Database, p: Publication): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `update page_states set published_revision_id = $2, published_html = $3, published_data = $4, published_build = $5,
         published_at = now(), published_by = $6,
         scheduled_revision_id = case when scheduled_revision_id <= $2 then null else scheduled_revision_id end,
         scheduled_at = case when scheduled_revision_id <= $2 then null else scheduled_at end
       where route = $1`,
      [p.route, p.revisionId, p.html, p.data, p.build, p.by],
    );
    for (const t of p.translations ?? [])
      await tx.query(
        `insert into page_locale_states (route, locale, revision_id, html, data, build, published_by)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (route, locale) do update set revision_id = excluded.revision_id, html = excluded.html, data = excluded.data,
           build = excluded.build, published_at = now(), published_by = excluded.published_by`,
        [p.route, t.locale, p.revisionId, t.html, t.data, p.build, p.by],
      );
    await tx.query('delete from page_locale_states where route = $1 and not (locale = any($2::text[]))', [p.route, p.listed ?? []]);
    await tx.query('update page_publish_version set version = version + 1 where id = 1');
  });
}

export async function schedule(db: Queryable, route: string, revisionId: number, at: Date): Promise<void> {
  await db.query('update page_states set scheduled_revision_id = $2, scheduled_at = $3 where route = $1', [route, revisionId, at]);
}

/** Takes back a page's schedule before it is due; false when it had none (or it was just published). */
export async function cancelSchedule(db: Queryable, route: string): Promise<boolean> {
  const rows = await db.query(
    'update page_states set scheduled_revision_id = null, scheduled_at = null where route = $1 and scheduled_revision_id is not null returning route',
    [route],
  );
  return rows.length > 0;
}

/** Schedules whose time has come. */
export const dueSchedules = (db: Queryable) =>
  db.query<{ route: string; revision_id: string; by: string }>(
    `select s.route, s.scheduled_revision_id as revision_id, r.author_name as by
       from page_states s join page_revisions r on r.id = s.scheduled_revision_id where s.scheduled_at <= now()`,
  );

/** Clears a due schedule; true for the one process that cleared it, which then publishes it. */
export async function takeSchedule(db: Queryable, route: string, revisionId: string): Promise<boolean> {
  const taken = await db.query(
    'update page_states set scheduled_revision_id = null, scheduled_at = null where route = $1 and scheduled_revision_id = $2 returning route',
    [route, revisionId],
  );
  return taken.length > 0;
}

/** The publish counter: it changes whenever some page is published or rolled back. */
export const publishVersion = async (db: Queryable) =>
  (await queryOne<{ version: string }>(db, 'select version from page_publish_version where id = 1')).version;

/** The routes the site serves from the database, each with its language and published revision (English: its page's). */
export const publishedRoutes = (db: Queryable) =>
  db.query<{ route: string; locale: string; published_revision_id: string }>(
    `select route, 'en' as locale, published_revision_id from page_states where published_revision_id is not null
     union all
     select route, locale, revision_id as published_revision_id from page_locale_states`,
  );

/** The languages other than English a page has been published in from the editor. */
export const publishedLocales = async (db: Queryable, route: string): Promise<string[]> =>
  (await db.query<{ locale: string }>('select locale from page_locale_states where route = $1', [route])).map((row) => row.locale);

export interface PublishedRow {
  published_revision_id: string;
  published_html: string;
  published_data: string;
  published_build: string;
}

/** A page as published in a language: English from its page_states row, another from page_locale_states. */
export async function publishedPage(db: Queryable, route: string, locale: string = DEFAULT_LOCALE): Promise<PublishedRow | undefined> {
  const [row] = await db.query<PublishedRow>(
    locale === DEFAULT_LOCALE
      ? `select published_revision_id, published_html, published_data, published_build from page_states
          where route = $1 and published_revision_id is not null`
      : `select revision_id as published_revision_id, html as published_html, data as published_data, build as published_build
           from page_locale_states where route = $1 and locale = $2`,
    locale === DEFAULT_LOCALE ? [route] : [route, locale],
  );
  return row;
}

/** Every published document, for pages:pull and for the checks that look across pages. */
export const publishedDocuments = async (db: Queryable) =>
  (
    await db.query<{ route: string; document: Record<string, unknown> }>(
      `select s.route, r.document from page_states s join page_revisions r on r.id = s.published_revision_id order by s.route`,
    )
  ).map(inCurrentShape);

/** When each page published here was last published, for the sitemap. */
export const publishedDates = (db: Queryable) =>
  db.query<{ route: string; published_at: Date }>(
    'select route, published_at from page_states where published_revision_id is not null order by route',
  );
