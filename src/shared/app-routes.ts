/**
 * Routes the React app renders itself (not from pages/). Both the browser router and the server read this
 * table: the server sends the app shell for these paths and 404 for paths that match nothing.
 */
export interface AppRoute {
  path: string;
  /** Needs the jwt_token cookie; without it the visitor is sent to /. */
  protected: boolean;
  /** The screen shown until the feature lands. */
  title: string;
}

export const appRoutes: AppRoute[] = [
  { path: '/login', protected: false, title: 'Login' },
  { path: '/blogs', protected: false, title: 'Blogs' },
  { path: '/blogs/:blogTitle', protected: false, title: 'Blog' },
  { path: '/add-blog', protected: false, title: 'Add Blog' },
  { path: '/view-forms', protected: false, title: 'Submitted Forms' },
  { path: '/job-openings', protected: false, title: 'Job Openings' },
  { path: '/job-openings/:id', protected: false, title: 'Job Opening' },
  { path: '/jobs', protected: true, title: 'Jobs' },
  { path: '/jobs/:id', protected: true, title: 'Job' },
  { path: '/job-request-details/:id', protected: true, title: 'Job Request' },
  { path: '/bde-portal', protected: true, title: 'BDE Portal' },
  { path: '/admin', protected: true, title: 'Admin' },
  { path: '/admin/users', protected: true, title: 'Users' },
  { path: '/admin/candidates', protected: true, title: 'Candidates' },
  { path: '/admin/recruiter-requests', protected: true, title: 'Recruiter Requests' },
  { path: '/admin/recruiter-requests/:id', protected: true, title: 'Recruiter Request' },
  { path: '/admin/compliants', protected: true, title: 'Complaints' },
  { path: '/admin/compliants/:id', protected: true, title: 'Complaint' },
  { path: '/admin/team', protected: true, title: 'Team' },
];
