import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router-dom';
import { appRoutes, homePathFor, mayOpen, screenOf } from '../../src/shared/app-routes';
import { matchAppRoute, matchesPattern } from '../../src/shared/route-match';
import { appScreens } from '../../src/app/app-screens';

const paths = [
  '/',
  '/login',
  '/login/',
  '/LOGIN',
  '/jobs',
  '/jobs/7',
  '/jobs/7/',
  '/jobs//',
  '/jobs/7/x',
  '/jobsx',
  '//jobs',
  '/admin/compliants/abc',
  '/blogs/hiring-in-surat',
  '/nothing',
  'jobs',
];

describe('the app route table', () => {
  it('matches paths as the browser router does', () => {
    for (const route of appRoutes) {
      for (const path of paths) {
        expect(matchesPattern(route.path, path), `${route.path} ~ ${path}`).toBe(
          path.startsWith('/') && matchPath({ path: route.path, end: true }, path) !== null,
        );
      }
    }
    expect(matchAppRoute('/jobs/42')?.path).toBe('/jobs/:id');
    expect(matchAppRoute('/careers/nowhere')).toBeUndefined();
  });

  it('has a screen for every route and a route for every screen', () => {
    expect(Object.keys(appScreens).sort()).toEqual([...new Set(appRoutes.map(screenOf))].sort());
    // A route in another language shows its English route's screen, at its own path.
    expect(appRoutes.filter((r) => r.screen).map((r) => [r.path, screenOf(r)])).toEqual([
      ['/hi/job-openings', '/job-openings'],
      ['/hi/job-openings/:id', '/job-openings/:id'],
    ]);
  });

  it('guards by session and role, and sends each role home', () => {
    const route = (path: string) => appRoutes.find((r) => r.path === path)!;
    expect(mayOpen(route('/login'), { loggedIn: false, role: null })).toBe('yes');
    expect(mayOpen(route('/jobs'), { loggedIn: false, role: null })).toBe('log-in');
    expect(mayOpen(route('/admin'), { loggedIn: true, role: 'BDE' })).toBe('forbidden');
    expect(mayOpen(route('/bde-portal'), { loggedIn: true, role: 'FBDE' })).toBe('yes');
    expect(['ADMIN', 'BDE', 'FBDE', 'RECRUITER', null].map(homePathFor)).toEqual([
      '/admin',
      '/bde-portal',
      '/bde-portal',
      '/jobs',
      '/jobs',
    ]);
  });
});
