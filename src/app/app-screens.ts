import type { ComponentType } from 'react';
import type { AppPath } from '../shared/app-routes';
import { lazyWithTimeout } from './lazy-with-timeout';

/** A screen's module: its component, and what it must have loaded to render whole at once (a form it shows). */
type ScreenModule = { default: ComponentType; prepare?: () => Promise<unknown> };

/**
 * The screen of each app route of src/shared/app-routes.ts, each its own chunk loaded on demand. The route table
 * stays free of browser code for the server; `satisfies` holds this map to exactly its paths.
 */
const loaders = {
  '/login': () => import('../portal/auth/login-screen'),
  '/blogs': () => import('../portal/blogs/blogs-screen'),
  '/blogs/:blogTitle': () => import('../portal/blogs/blog-screen'),
  '/add-blog': () => import('../portal/blogs/add-blog-screen'),
  '/view-forms': () => import('../portal/leads/leads-inbox-screen'),
  '/bde-portal': () => import('../portal/leads/bde-portal-screen'),
  '/job-openings': () => import('../portal/jobs/job-openings-screen'),
  '/job-openings/:id': () => import('../portal/jobs/job-opening-screen'),
  '/jobs': () => import('../portal/jobs/jobs-screen'),
  '/jobs/:id': () => import('../portal/jobs/job-screen'),
  '/jobs/:id/candidates/:candidateId': () => import('../portal/jobs/candidate-screen'),
  '/job-request-details/:id': () => import('../portal/jobs/job-request-screen'),
  '/admin': () => import('../portal/admin/dashboard-screen'),
  '/admin/users': () => import('../portal/admin/users-screen'),
  '/admin/candidates': () => import('../portal/admin/candidates-screen'),
  '/admin/recruiter-requests': () => import('../portal/admin/recruiter-requests-screen'),
  '/admin/recruiter-requests/:id': () => import('../portal/admin/recruiter-request-screen'),
  '/my-complaints': () => import('../portal/complaints/my-complaints-screen'),
  '/admin/compliants': () => import('../portal/complaints/complaints-screen'),
  '/admin/compliants/:id': () => import('../portal/complaints/complaint-screen'),
  '/admin/team': () => import('../portal/admin/team-screen'),
  '/admin/pages': () => import('../portal/pages/pages-screen'),
  '/admin/data-requests': () => import('../portal/admin/data-requests-screen'),
  '/admin/lead-routing': () => import('../portal/admin/lead-routing-screen'),
  '/admin/placements': () => import('../portal/admin/placements-screen'),
} satisfies Record<AppPath, () => Promise<ScreenModule>>;

export const screenLoaders: Record<AppPath, () => Promise<ScreenModule>> = loaders;

export const appScreens = {} as Record<AppPath, ComponentType>;
for (const [path, load] of Object.entries(loaders) as [AppPath, () => Promise<ScreenModule>][]) appScreens[path] = lazyWithTimeout(load);
