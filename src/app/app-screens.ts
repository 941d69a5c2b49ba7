import type { ComponentType } from 'react';
import type { AppPath } from '../shared/app-routes';
import type { Locale } from '../shared/locales';
import { lazyWithTimeout } from './lazy-with-timeout';

/** A screen's module: its component, and what it must have loaded to render whole at once (a form it shows). */
type ScreenModule = { default: ComponentType; prepare?: (locale: Locale) => Promise<unknown> };

/**
 * The screen of each app route of src/shared/app-routes.ts, by its source file: each is its own chunk loaded on demand,
 * and the server finds a screen's chunks in the build's manifest by the same name (src/server/site/signed-in-renderer.ts).
 * The route table stays free of browser code for the server; `satisfies` holds this map to exactly its paths.
 */
export const screenFiles = {
  '/login': 'src/portal/auth/login-screen.tsx',
  '/blogs': 'src/portal/blogs/blogs-screen.tsx',
  '/blogs/:blogTitle': 'src/portal/blogs/blog-screen.tsx',
  '/add-blog': 'src/portal/blogs/add-blog-screen.tsx',
  '/view-forms': 'src/portal/leads/leads-inbox-screen.tsx',
  '/bde-portal': 'src/portal/leads/bde-portal-screen.tsx',
  '/job-openings': 'src/portal/jobs/job-openings-screen.tsx',
  '/job-openings/:id': 'src/portal/jobs/job-opening-screen.tsx',
  '/jobs': 'src/portal/jobs/jobs-screen.tsx',
  '/jobs/:id': 'src/portal/jobs/job-screen.tsx',
  '/jobs/:id/candidates/:candidateId': 'src/portal/jobs/candidate-screen.tsx',
  '/job-request-details/:id': 'src/portal/jobs/job-request-screen.tsx',
  '/admin': 'src/portal/admin/dashboard-screen.tsx',
  '/admin/users': 'src/portal/admin/users-screen.tsx',
  '/admin/candidates': 'src/portal/admin/candidates-screen.tsx',
  '/admin/recruiter-requests': 'src/portal/admin/recruiter-requests-screen.tsx',
  '/admin/recruiter-requests/:id': 'src/portal/admin/recruiter-request-screen.tsx',
  '/my-complaints': 'src/portal/complaints/my-complaints-screen.tsx',
  '/admin/compliants': 'src/portal/complaints/complaints-screen.tsx',
  '/admin/compliants/:id': 'src/portal/complaints/complaint-screen.tsx',
  '/admin/team': 'src/portal/admin/team-screen.tsx',
  '/admin/pages': 'src/portal/pages/pages-screen.tsx',
  '/admin/data-requests': 'src/portal/admin/data-requests-screen.tsx',
  '/admin/lead-routing': 'src/portal/admin/lead-routing-screen.tsx',
  '/admin/placements': 'src/portal/admin/placements-screen.tsx',
} satisfies Record<AppPath, `src/portal/${string}-screen.tsx`>;

const screenModules = import.meta.glob<ScreenModule>('../portal/*/*-screen.tsx');

function loaderOf(file: string) {
  const load = screenModules[file.replace(/^src\//, '../')];
  if (!load) throw new Error(`${file} is not a screen of src/portal`);
  return load;
}

export const screenLoaders = Object.fromEntries(Object.entries(screenFiles).map(([path, file]) => [path, loaderOf(file)])) as Record<
  AppPath,
  () => Promise<ScreenModule>
>;

export const appScreens = {} as Record<AppPath, ComponentType>;
for (const [path, load] of Object.entries(screenLoaders) as [AppPath, () => Promise<ScreenModule>][])
  appScreens[path] = lazyWithTimeout(load);
