import type { FastifyInstance } from 'fastify';

/** API of the admin dashboard, users, candidates, recruiter requests and team. */
export async function adminRoutes(app: FastifyInstance) {
  void app;
}
