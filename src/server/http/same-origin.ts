import type { FastifyRequest } from 'fastify';

/**
 * Whether a state-changing request comes from a page of another origin. Browsers send Origin on every non-GET
 * request and Sec-Fetch-Site on all of them; a request with neither is not a browser's (curl, a server), which a
 * cookie cannot ride on. Hosts are compared, not schemes, so a TLS-terminating proxy without TRUST_PROXY still works.
 */
export function isCrossOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    const from = new URL(origin);
    return from.host !== new URL(`${from.protocol}//${request.host}`).host;
  } catch {
    return true; // "null" (sandboxed frames, data: URLs) or garbage
  }
}
