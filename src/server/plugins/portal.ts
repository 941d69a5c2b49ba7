import fp from 'fastify-plugin';
import { authRoutes } from '../routes/auth';
import { leadRoutes } from '../routes/leads';
import { jobRoutes } from '../routes/jobs';
import { adminRoutes } from '../routes/admin';
import { complaintRoutes } from '../routes/complaints';
import { blogRoutes } from '../routes/blogs';

/** Accounts and the portal's APIs; each route declares who may call it (plugins/auth.ts enforces it). */
export default fp(
  async (app) => {
    await app.register(authRoutes);
    await app.register(leadRoutes);
    await app.register(jobRoutes);
    await app.register(adminRoutes);
    await app.register(complaintRoutes);
    await app.register(blogRoutes);
  },
  { name: 'portal', dependencies: ['auth', 'database'] },
);
