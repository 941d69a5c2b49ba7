import type { FastifyInstance } from 'fastify';

/** API of job requests, publishing, public job openings and the logged-in jobs views. */
export async function jobRoutes(app: FastifyInstance) {
  void app;
}
