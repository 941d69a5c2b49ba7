import type { FastifyReply } from 'fastify';
import type { StoredUpload } from './store';
import { stripBidiControls } from './upload-name';

/** A filename for Content-Disposition: ASCII fallback plus the UTF-8 original (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', stored: string): string {
  // Names stored before uploads were cleaned of them may still hold bidi controls.
  const name = stripBidiControls(stored);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a stored upload with the type recorded when its bytes were checked, never one guessed from its name;
 * nosniff keeps browsers from reading it as anything else.
 */
export function sendUpload(
  reply: FastifyReply,
  upload: StoredUpload,
  options: { as: 'inline' | 'attachment'; cache: 'private' | 'public' },
) {
  return reply
    .type(upload.mediaType)
    .header('content-disposition', disposition(options.as, upload.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cache === 'public' ? 'public, max-age=86400' : 'private, no-store')
    .send(upload.stream());
}
