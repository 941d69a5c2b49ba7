import type { FastifyInstance } from 'fastify';

/** API of the leads inbox (/view-forms, /admin), assignment, notes, CSV export, resume download, the BDE portal. */
export async function leadRoutes(app: FastifyInstance) {
  void app;
}
