import type { FastifyInstance } from 'fastify';
import { portalErrors } from '../admin/http';
import { dashboardRoutes } from '../admin/dashboard-routes';
import { userRoutes } from '../admin/user-routes';
import { candidateRoutes } from '../admin/candidate-routes';
import { recruiterRequestRoutes } from '../admin/recruiter-request-routes';
import { teamRoutes } from '../admin/team-routes';

/** API of the admin dashboard, users, candidates, recruiter requests and team (and the public team list). */
export async function adminRoutes(app: FastifyInstance) {
  portalErrors(app);
  await dashboardRoutes(app);
  await userRoutes(app);
  await candidateRoutes(app);
  await recruiterRequestRoutes(app);
  await teamRoutes(app);
}
