import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { queryOne, type Queryable } from '../db/database';
import { blobStoreAt, type BlobLocation, type BlobStore } from '../uploads/blob-store';
import type { PageImage } from '../../shared/api/page-editor';

/** Where uploaded images are served from: a path the schemas' imagePath accepts. */
export const UPLOADED_IMAGES_PATH = '/images/uploads/';
/** The file names the editor gives its uploads (savePageImage): any other name under that path was never uploaded. */
export const UPLOADED_IMAGE_NAME = /^[a-z0-9-]+\.(png|jpg|webp)$/;

/**
 * The bytes are stored under the image's own file name, so the public path a page names finds them even without the
 * database (npm run pages:pull while the server holds the embedded database reads them from the data directory).
 */
export const storedNameOf = (fileName: string) => `page-image-${fileName}`;

/** A name for the address: lower-case letters, digits and hyphens from the uploaded name, never empty. */
function imageSlug(originalName: string): string {
  const base = originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const slug = base
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'image';
}

interface PageImageRow {
  file_name: string;
  original_name: string;
  media_type: string;
  size_bytes: number;
  width: number;
  height: number;
  stored_name: string;
  stored_in: BlobLocation;
  created_at: Date;
}

const toImage = (row: PageImageRow): PageImage => ({
  path: `${UPLOADED_IMAGES_PATH}${row.file_name}`,
  name: row.original_name,
  type: row.media_type,
  size: Number(row.size_bytes),
  width: row.width,
  height: row.height,
  uploadedAt: new Date(row.created_at).toISOString(),
});

export interface NewPageImage {
  originalName: string;
  mediaType: string;
  extension: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  uploadedBy: string;
}

/** Stores the bytes, then the row; bytes whose row could not be written are removed again. */
export async function savePageImage(db: Queryable, store: BlobStore, image: NewPageImage): Promise<PageImage> {
  // 48 random bits: addresses cannot be guessed from one another, and two uploads of one name never collide.
  const fileName = `${randomBytes(6).toString('hex')}-${imageSlug(image.originalName)}.${image.extension}`;
  const storedName = storedNameOf(fileName);
  await store.put(storedName, Readable.from([Buffer.from(image.bytes)]));
  try {
    const row = await queryOne<PageImageRow>(
      db,
      `insert into page_images (file_name, original_name, media_type, size_bytes, width, height, stored_name, stored_in, uploaded_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
      [
        fileName,
        image.originalName,
        image.mediaType,
        image.bytes.length,
        image.width,
        image.height,
        storedName,
        store.location,
        image.uploadedBy,
      ],
    );
    return toImage(row);
  } catch (error) {
    await store.delete(storedName);
    throw error;
  }
}

/** Every uploaded image, newest first. */
export async function listPageImages(db: Queryable): Promise<PageImage[]> {
  return (await db.query<PageImageRow>('select * from page_images order by created_at desc, file_name')).map(toImage);
}

/** The uploaded images a document names, by file name. */
export function uploadedImagesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.startsWith(UPLOADED_IMAGES_PATH)) found.add(value.slice(UPLOADED_IMAGES_PATH.length));
  else if (value && typeof value === 'object') for (const v of Object.values(value)) uploadedImagesIn(v, found);
  return found;
}

/**
 * The uploaded images a document names that exist: the page checks accept these beside the files of public/. Only the
 * document's own are looked up, however many images have been uploaded.
 */
export async function uploadedImagePaths(db: Queryable, document: unknown): Promise<Set<string>> {
  const named = [...uploadedImagesIn(document)];
  if (named.length === 0) return new Set();
  const rows = await db.query<{ file_name: string }>('select file_name from page_images where file_name = any($1::text[])', [named]);
  return new Set(rows.map((r) => `${UPLOADED_IMAGES_PATH}${r.file_name}`));
}

/** An uploaded image by its file name, with a fresh stream of its bytes each call. */
export async function openPageImage(db: Queryable, dataDir: string, fileName: string) {
  const [row] = await db.query<PageImageRow>('select * from page_images where file_name = $1', [fileName]);
  if (!row) return undefined;
  const store = blobStoreAt(row.stored_in, db, dataDir);
  return { image: toImage(row), stream: () => store.get(row.stored_name) };
}
