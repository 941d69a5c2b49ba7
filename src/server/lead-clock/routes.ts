import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DigestChange, DigestSetting } from '../../shared/api/lead-digest';
import { BDE_ROLES } from '../../shared/roles';
import { digestIsOn, setDigest } from './digest';

/** The signed-in BDE's or FBDE's own morning digest: on or off. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Admins may move the digest's time while the server runs.
  const time = () => app.leadRouting.digest.time;
  app.get('/api/lead-digest', { config: { access: BDE_ROLES }, schema: { response: { 200: DigestSetting } } }, async (request) => ({
    on: await digestIsOn(app.db, request.user.id),
    time: time(),
  }));
  app.put(
    '/api/lead-digest',
    { config: { access: BDE_ROLES }, schema: { body: DigestChange, response: { 200: DigestSetting } } },
    async (request) => {
      await setDigest(app.db, request.user.id, request.body.on);
      return { on: request.body.on, time: time() };
    },
  );
};

export const leadDigestRoutes = fp(routes, { name: 'lead-digest', dependencies: ['database', 'lead-routing'], encapsulate: true });
