import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

export type ServerRender = typeof import('../../entry-server');

/**
 * The build's server render (dist/server), loaded with the first page that needs it, so a server that never renders
 * an app route never loads React; loaded again after a failure (a build under way).
 */
export function serverRender(distDir: string): () => Promise<ServerRender> {
  let loading: Promise<ServerRender> | undefined;
  return () =>
    (loading ??= (import(pathToFileURL(join(distDir, 'server/entry-server.js')).href) as Promise<ServerRender>).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** A GET of the server's own API, as a screen's query makes it (with the user's cookies when signed in). */
export function ownApi(app: FastifyInstance, cookie?: string) {
  return async (path: string) => {
    const response = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
    // A static file's path (the list of city pages) answers a page, not JSON, when it is missing.
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: json && response.body ? (JSON.parse(response.body) as unknown) : null };
  };
}
