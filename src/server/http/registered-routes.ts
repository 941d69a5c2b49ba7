import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every path the server registers a route for (`/healthz`, `/api/jobs/:id`, `/page-data/*`), as Fastify has it. */
    registeredRoutes(): readonly string[];
  }
}

/**
 * Collects the paths of every route registered from now on: call it first thing, so the list is the server's own
 * (the page editor refuses a page at an address one of them answers).
 */
export function collectRegisteredRoutes(app: FastifyInstance): void {
  const paths = new Set<string>();
  app.addHook('onRoute', (route) => {
    paths.add(route.url);
  });
  app.decorate('registeredRoutes', () => [...paths]);
}
