import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notReadyReason } from './readiness';

/**
 * GET /healthz: the process works (it answers, and its database calls complete: a stuck database takes it out of a
 * load balancer). GET /readyz: it can serve (database, schema, disk); load balancers poll it.
 */
async function routes(app: FastifyInstance) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.db.stalled) return reply.code(503).send({ status: 'unhealthy', reason: 'database calls are not completing' });
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = await notReadyReason(app);
    if (reason) return reply.code(503).send({ status: 'not ready', reason });
    return { status: 'ready' };
  });
}

export const healthRoutes = fp(routes, { name: 'health', dependencies: ['database'], encapsulate: true });
