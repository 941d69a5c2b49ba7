import type { ComponentType } from 'react';
import { lazyWithTimeout } from './lazy-with-timeout';

/** The screen of each app route (src/shared/app-routes.ts), each its own chunk loaded on demand. */
export const appScreens: Record<string, ComponentType> = {
  '/login': lazyWithTimeout(() => import('../portal/auth/login-screen')),
  '/blogs': lazyWithTimeout(() => import('../portal/blogs/blogs-screen')),
  '/blogs/:blogTitle': lazyWithTimeout(() => import('../portal/blogs/blog-screen')),
  '/add-blog': lazyWithTimeout(() => import('../portal/blogs/add-blog-screen')),
  '/view-forms': lazyWithTimeout(() => import('../portal/leads/leads-inbox-screen')),
  '/bde-portal': lazyWithTimeout(() => import('../portal/leads/bde-portal-screen')),
  '/job-openings': lazyWithTimeout(() => import('../portal/jobs/job-openings-screen')),
  '/job-openings/:id': lazyWithTimeout(() => import('../portal/jobs/job-opening-screen')),
  '/jobs': lazyWithTimeout(() => import('../portal/jobs/jobs-screen')),
  '/jobs/:id': lazyWithTimeout(() => import('../portal/jobs/job-screen')),
  '/job-request-details/:id': lazyWithTimeout(() => import('../portal/jobs/job-request-screen')),
  '/admin': lazyWithTimeout(() => import('../portal/admin/dashboard-screen')),
  '/admin/users': lazyWithTimeout(() => import('../portal/admin/users-screen')),
  '/admin/candidates': lazyWithTimeout(() => import('../portal/admin/candidates-screen')),
  '/admin/recruiter-requests': lazyWithTimeout(() => import('../portal/admin/recruiter-requests-screen')),
  '/admin/recruiter-requests/:id': lazyWithTimeout(() => import('../portal/admin/recruiter-request-screen')),
  '/admin/compliants': lazyWithTimeout(() => import('../portal/complaints/complaints-screen')),
  '/admin/compliants/:id': lazyWithTimeout(() => import('../portal/complaints/complaint-screen')),
  '/admin/team': lazyWithTimeout(() => import('../portal/admin/team-screen')),
};
