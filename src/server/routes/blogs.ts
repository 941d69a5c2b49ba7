import type { FastifyInstance } from 'fastify';

/** API of blog posts: written by admins, read by everyone. */
export async function blogRoutes(app: FastifyInstance) {
  void app;
}
