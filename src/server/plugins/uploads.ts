import fp from 'fastify-plugin';
import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '../uploads/file-type';
import { uploadRoutes } from '../uploads/routes';

/** POST /api/uploads: resumes and complaint images, checked by their bytes, stored outside the web root. */
export default fp(
  async (app) => {
    // Multipart parsing is scoped to the upload routes: every other route keeps taking JSON only.
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, {
        // One byte over the limit, so a file of exactly 5 MB passes and a larger one is seen as larger.
        limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
      });
      await scope.register(uploadRoutes);
    });
  },
  { name: 'uploads', dependencies: ['database'] },
);
