import type { FastifyInstance } from 'fastify';

/** API of complaints filed by logged-in users and their handling by admins. */
export async function complaintRoutes(app: FastifyInstance) {
  void app;
}
