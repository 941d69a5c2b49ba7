/**
 * Routes the React app renders itself (not from pages/). Both the browser router and the server read this
 * table: the server sends the app shell for these paths and 404 for paths that match nothing.
 */
export interface AppRoute {
  path: string;
  /** Needs the jwt_token cookie; without it the visitor is sent to /. */
  protected: boolean;
  /** The roles that may open it (the server enforces the same on its API); absent, any logged-in user. */
  roles?: readonly string[];
  title: string;
}

const ADMIN = ['ADMIN'] as const;
const STAFF = ['ADMIN', 'BDE', 'FBDE'] as const;

export const appRoutes: AppRoute[] = [
  { path: '/login', protected: false, title: 'Login' },
  { path: '/blogs', protected: false, title: 'Blogs' },
  { path: '/blogs/:blogTitle', protected: false, title: 'Blog' },
  { path: '/add-blog', protected: true, roles: ADMIN, title: 'Add Blog' },
  { path: '/view-forms', protected: true, roles: ADMIN, title: 'Submitted Forms' },
  { path: '/job-openings', protected: false, title: 'Job Openings' },
  { path: '/job-openings/:id', protected: false, title: 'Job Opening' },
  { path: '/jobs', protected: true, title: 'Jobs' },
  { path: '/jobs/:id', protected: true, title: 'Job' },
  { path: '/job-request-details/:id', protected: true, roles: STAFF, title: 'Job Request' },
  { path: '/bde-portal', protected: true, roles: ['BDE', 'FBDE'], title: 'BDE Portal' },
  { path: '/admin', protected: true, roles: ADMIN, title: 'Admin' },
  { path: '/admin/users', protected: true, roles: ADMIN, title: 'Users' },
  { path: '/admin/candidates', protected: true, roles: ADMIN, title: 'Candidates' },
  { path: '/admin/recruiter-requests', protected: true, roles: ADMIN, title: 'Recruiter Requests' },
  { path: '/admin/recruiter-requests/:id', protected: true, roles: ADMIN, title: 'Recruiter Request' },
  { path: '/admin/compliants', protected: true, roles: ADMIN, title: 'Complaints' },
  { path: '/admin/compliants/:id', protected: true, roles: ADMIN, title: 'Complaint' },
  { path: '/admin/team', protected: true, roles: ADMIN, title: 'Team' },
];
