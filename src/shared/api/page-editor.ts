import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** The page editor's API (/admin/pages): pages of pages/ edited, previewed and published in the browser. */

/** A page's route, as the site serves it (placeholders filled): `/`, `/franchise/surat`. */
const Route = Type.String({ minLength: 1, maxLength: 200, pattern: '^/[a-z0-9/-]*$' });
/** A page document: checked by the page rules (npm run validate's), not by the API's shape, so drafts may be unfinished. */
const Document = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 20 });
const RevisionId = Type.Integer({ minimum: 1 });

export const RouteQuery = Type.Object({ route: Route });
export type RouteQuery = Static<typeof RouteQuery>;

/**
 * Where a page stands: served from its file (never published here), edited (the site serves the latest revision),
 * draft (saved changes not yet published) or scheduled (a revision waits for its time).
 */
export const PageStatus = Type.Union([Type.Literal('file'), Type.Literal('edited'), Type.Literal('draft'), Type.Literal('scheduled')]);
export type PageStatus = Static<typeof PageStatus>;

export const PageSummary = Type.Object({
  route: Type.String(),
  title: Type.String(),
  status: PageStatus,
  city: Nullable(Type.String()),
  updatedAt: Nullable(Type.String()),
  updatedBy: Nullable(Type.String()),
  scheduledAt: Nullable(Type.String()),
});
export type PageSummary = Static<typeof PageSummary>;

/** A city template New city offers: its file's name, and in words its title and what its pages have. */
export const CityTemplateSummary = Type.Object({ name: Type.String(), title: Type.String(), description: Type.String() });
export type CityTemplateSummary = Static<typeof CityTemplateSummary>;

export const PageList = Type.Object({ pages: Type.Array(PageSummary), templates: Type.Array(CityTemplateSummary) });
export type PageList = Static<typeof PageList>;

/** A problem of a page as `npm run validate` words it, at the JSON pointer of the field it concerns. */
export const PageProblem = Type.Object({ pointer: Type.String(), message: Type.String() });
export type PageProblem = Static<typeof PageProblem>;

export const PageChange = Type.Object({
  pointer: Type.String(),
  /** Where, in the editor's words. */
  place: Type.Optional(Type.String()),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
});

/**
 * A language a page lists and its texts with no words in it yet: their pointers in the document as the editor holds
 * it, and how many its template writes (translated in the template's own file).
 */
export const PageTranslation = Type.Object({
  locale: Type.String(),
  missing: Type.Array(Type.String()),
  inLayout: Type.Integer(),
  /** Visitors already read the page in it (published before, or made by the build): it stays until published again. */
  read: Type.Optional(Type.Boolean()),
});
export type PageTranslation = Static<typeof PageTranslation>;

export const EditablePage = Type.Object({
  route: Type.String(),
  status: PageStatus,
  document: Document,
  /** The latest saved revision, which a save names as its base; null while the page is its file. */
  revisionId: Nullable(Type.Integer()),
  publishedRevisionId: Nullable(Type.Integer()),
  scheduledAt: Nullable(Type.String()),
  /** The draft's private address, marked noindex; null until a revision is saved. */
  previewPath: Nullable(Type.String()),
  problems: Type.Array(PageProblem),
  /** Each language the page lists, and its texts with no words in it yet. */
  translations: Type.Array(PageTranslation),
  /** The page has a file in pages/: it is renamed or deleted in git; here it can only be unpublished. */
  fromFile: Type.Boolean(),
  /** A city page written as its facts: the template they are made into a page with (its layout and shared words). */
  template: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type EditablePage = Static<typeof EditablePage>;

export const EditablePageReply = Type.Object({ page: EditablePage });
export type EditablePageReply = Static<typeof EditablePageReply>;

/** A save: the document and the revision it was edited from (null: the file), so no one's work is overwritten. */
export const SavePage = Type.Object({ document: Document, baseRevisionId: Nullable(RevisionId) }, { additionalProperties: false });
export type SavePage = Static<typeof SavePage>;

/** 409: someone saved since; their version and what differs from the one sent. */
export const SaveConflict = Type.Object({
  error: Type.String(),
  errors: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
  current: EditablePage,
  changes: Type.Array(PageChange),
});
export type SaveConflict = Static<typeof SaveConflict>;

export const PublishPage = Type.Object(
  {
    revisionId: RevisionId,
    /** Publish at this time (ISO 8601) rather than now. */
    at: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type PublishPage = Static<typeof PublishPage>;

export const RollbackPage = Type.Object({ revisionId: RevisionId }, { additionalProperties: false });
export type RollbackPage = Static<typeof RollbackPage>;

export const Revision = Type.Object({
  id: Type.Integer(),
  author: Type.String(),
  createdAt: Type.String(),
  summary: Type.String(),
  published: Type.Boolean(),
  /** What it changed against the revision before it (or the file). */
  changes: Type.Array(PageChange),
  /**
   * Why publishing (so a rollback) would refuse it, in one line: its first problem in the editor's words, then how many
   * more; null when it can be published, and for the published revision.
   */
  problem: Nullable(Type.String()),
});
export type Revision = Static<typeof Revision>;

export const History = Type.Object({ revisions: Type.Array(Revision) });
export type History = Static<typeof History>;

/** A document to preview: its HTML as a visitor would get it, and its problems. */
export const PreviewPage = Type.Object({ document: Document }, { additionalProperties: false });
export type PreviewPage = Static<typeof PreviewPage>;

export const PreviewReply = Type.Object({
  html: Type.String(),
  problems: Type.Array(PageProblem),
  translations: Type.Array(PageTranslation),
});
export type PreviewReply = Static<typeof PreviewReply>;

/** A new city page: the page it is made from, its route and name, and the city's own facts (none are copied). */
export const NewCityPage = Type.Object(
  {
    template: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 80 }),
    route: Route,
    name: Type.String({ minLength: 1, maxLength: 80 }),
    state: Type.String({ minLength: 1, maxLength: 80 }),
    street: Type.String({ minLength: 1, maxLength: 200 }),
    postalCode: Type.String({ pattern: '^[0-9]{6}$' }),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type NewCityPage = Static<typeof NewCityPage>;

/** Unpublishing or deleting a page: the route says which, nothing else is sent (an empty JSON object). */
export const NoBody = Type.Object({}, { additionalProperties: false });

/** A page moved to another route; its old route answers 301 to the new one. */
export const RenamePage = Type.Object({ to: Route }, { additionalProperties: false });
export type RenamePage = Static<typeof RenamePage>;

/** A page made in the editor, deleted: the route it had. */
export const DeletedPage = Type.Object({ route: Type.String() });
export type DeletedPage = Static<typeof DeletedPage>;

/** The JSON Schemas the editor's forms are made from: each block type's, the meta tags' and a city's facts', references resolved. */
export const EditorSchemas = Type.Object({
  blocks: Type.Record(Type.String(), Type.Unknown()),
  meta: Type.Unknown(),
  city: Type.Unknown(),
  cityLists: Type.Unknown(),
});
export type EditorSchemas = Static<typeof EditorSchemas>;

/** An image uploaded in the editor, served to everyone at `path` (/images/uploads/<id>-<name>.<ext>). */
export const PageImage = Type.Object({
  path: Type.String(),
  /** The name it was uploaded with. */
  name: Type.String(),
  type: Type.String(),
  size: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  uploadedAt: Type.String(),
});
export type PageImage = Static<typeof PageImage>;

/** The images a block may name: the files of public/images, and the uploaded ones (newest first). */
export const ImageList = Type.Object({ images: Type.Array(Type.String()), uploads: Type.Array(PageImage) });
export type ImageList = Static<typeof ImageList>;

/** The largest image the editor takes, in bytes. */
export const MAX_PAGE_IMAGE_BYTES = 2 * 1024 * 1024;
/** What the editor says, in the browser or from the server, of an image past that size. */
export const PAGE_IMAGE_TOO_LARGE = `The image is larger than ${MAX_PAGE_IMAGE_BYTES / (1024 * 1024)} MB. Please make it smaller and upload it again.`;

/**
 * An image to upload: its name and its bytes in base64. JSON rather than multipart, so it passes the same request
 * checks as every other editor call; 2 MB of image is 2.7 MB of base64.
 */
export const UploadPageImage = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255 }), data: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
export type UploadPageImage = Static<typeof UploadPageImage>;

export const UploadedPageImage = Type.Object({ image: PageImage });
export type UploadedPageImage = Static<typeof UploadedPageImage>;

/** GET /images/uploads/:file */
export const PageImageParams = Type.Object({ file: Type.String({ maxLength: 120 }) });
export type PageImageParams = Static<typeof PageImageParams>;

/** The draft preview's private address: /page-preview/<token>. */
export const PreviewParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
export type PreviewParams = Static<typeof PreviewParams>;
