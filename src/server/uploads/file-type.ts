import { UploadKind } from '../../shared/api/uploads';

/** What a file is, read from its bytes: the name and the declared type are the sender's word, not evidence. */
export type FileType = 'pdf' | 'doc' | 'docx' | 'jpeg' | 'png' | 'webp';

const UPLOAD_KINDS: readonly UploadKind[] = UploadKind.enum;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const MEDIA_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * What each kind of upload may be, and how large (never more than MAX_UPLOAD_BYTES, the parser's limit). `adminOnly`
 * kinds (team avatars, blog covers) take a logged-in admin; the others are what visitors send with a form, and only
 * those may go up resumably.
 */
export const ALLOWED_TYPES: Record<UploadKind, { types: readonly FileType[]; message: string; maxBytes: number; adminOnly: boolean }> = {
  resume: {
    types: ['pdf', 'doc', 'docx'],
    message: 'Please upload a PDF, DOC or DOCX file.',
    maxBytes: MAX_UPLOAD_BYTES,
    adminOnly: false,
  },
  'complaint-image': {
    types: ['jpeg', 'png'],
    message: 'Please upload a JPEG or PNG image.',
    maxBytes: MAX_UPLOAD_BYTES,
    adminOnly: false,
  },
  avatar: { types: ['jpeg', 'png'], message: 'Please upload a JPEG or PNG image.', maxBytes: 2 * 1024 * 1024, adminOnly: true },
  'blog-cover': {
    types: ['jpeg', 'png', 'webp'],
    message: 'Please upload a JPEG, PNG or WebP image.',
    maxBytes: MAX_UPLOAD_BYTES,
    adminOnly: true,
  },
};

export function isUploadKind(value: unknown): value is UploadKind {
  return UPLOAD_KINDS.includes(value as UploadKind);
}

/** Random access to a file's bytes, so a 5 MB upload on disk is read only where its format says to look. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bufferSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

const signatures: [FileType | 'zip', number[]][] = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['doc', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]], // OLE2 compound file
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['zip', [0x50, 0x4b, 0x03, 0x04]], // PK\3\4: a DOCX only if its entries say so
];

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

export async function detectFileType(source: ByteSource): Promise<FileType | undefined> {
  const head = await source.read(0, 12);
  // RIFF....WEBP: the container's four-byte size sits between the two tags.
  if (head.length >= 12 && ascii(head.subarray(0, 4)) === 'RIFF' && ascii(head.subarray(8, 12)) === 'WEBP') return 'webp';
  const match = signatures.find(([, bytes]) => bytes.every((b, i) => head[i] === b))?.[0];
  if (match !== 'zip') return match;
  return isWordDocument(await zipEntryNames(source)) ? 'docx' : undefined;
}

function isWordDocument(names: string[]): boolean {
  return names.includes('word/document.xml') || (names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/')));
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const utf8 = new TextDecoder();

/** The names in a ZIP's central directory, or, when that cannot be found, in its local headers from the start. */
async function zipEntryNames(source: ByteSource): Promise<string[]> {
  return (await centralDirectoryNames(source)) ?? localHeaderNames(await source.read(0, source.size));
}

async function centralDirectoryNames(source: ByteSource): Promise<string[] | undefined> {
  // The end-of-central-directory record is the last 22 bytes plus a comment of up to 65535 bytes.
  const tailStart = Math.max(0, source.size - 22 - 0xffff);
  const tail = await source.read(tailStart, source.size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const end = view(tail);
  const count = end.getUint16(eocd + 10, true);
  const size = end.getUint32(eocd + 12, true);
  const offset = end.getUint32(eocd + 16, true);
  if (offset + size > tailStart + eocd) return undefined; // Zip64 markers (0xFFFFFFFF) or a damaged archive
  const dir = await source.read(offset, size);
  const d = view(dir);
  const names: string[] = [];
  for (let p = 0; names.length < count && p + 46 <= dir.length;) {
    if (d.getUint32(p, true) !== 0x02014b50) return undefined;
    const nameLength = d.getUint16(p + 28, true);
    const extraLength = d.getUint16(p + 30, true);
    const commentLength = d.getUint16(p + 32, true);
    names.push(utf8.decode(dir.subarray(p + 46, p + 46 + nameLength)));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function localHeaderNames(bytes: Uint8Array): string[] {
  const d = view(bytes);
  const names: string[] = [];
  for (let p = 0; p + 30 <= bytes.length && d.getUint32(p, true) === 0x04034b50;) {
    const flags = d.getUint16(p + 6, true);
    const compressedSize = d.getUint32(p + 18, true);
    const nameLength = d.getUint16(p + 26, true);
    const extraLength = d.getUint16(p + 28, true);
    names.push(utf8.decode(bytes.subarray(p + 30, p + 30 + nameLength)));
    // With a data descriptor (flag bit 3) the size follows the data, so the next header cannot be found this way.
    if (flags & 0x08) break;
    p += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}
