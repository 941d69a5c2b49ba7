import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sendError } from '../http/error-reply';
import type { StoredUpload } from './store';
import { stripBidiControls } from './upload-name';

/** A filename for Content-Disposition: an ASCII fallback safe in the quoted value, plus the exact UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', stored: string): string {
  // Names stored before uploads were cleaned of them may still hold bidi controls.
  const name = stripBidiControls(stored);
  const ascii = name.replace(/[^\x20-\x7e]|["\\;]/g, '_').trim() || 'file';
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

const CACHE_CONTROL = {
  private: 'private, no-store',
  public: 'public, max-age=86400',
  // An address that names bytes which never change: browsers and CDNs may keep them for a year.
  immutable: 'public, max-age=31536000, immutable',
};

/** Whether the blob store found the bytes: every store's stream emits 'open' once found and 'error' when not. */
const opened = (stream: Readable) =>
  new Promise<boolean>((resolve) => stream.once('open', () => resolve(true)).once('error', () => resolve(false)));

/**
 * Streams a stored file with the type recorded when its bytes were checked, never one guessed from its name; nosniff
 * keeps browsers from reading it as anything else. A row whose bytes are gone is answered 404 with `missing`, before
 * any header goes out.
 */
export async function sendUpload(
  reply: FastifyReply,
  upload: Pick<StoredUpload, 'mediaType' | 'originalName' | 'size' | 'stream'>,
  options: { as: 'inline' | 'attachment'; cache: keyof typeof CACHE_CONTROL; missing: string },
) {
  const stream = upload.stream();
  if (!(await opened(stream))) return sendError(reply, 404, options.missing);
  return reply
    .type(upload.mediaType)
    .header('content-length', String(upload.size))
    .header('content-disposition', disposition(options.as, upload.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', CACHE_CONTROL[options.cache])
    .send(stream);
}
