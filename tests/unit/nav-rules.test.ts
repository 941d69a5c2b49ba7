import { describe, expect, it } from 'vitest';
import { visibleNavItems } from '../../src/shared/nav-rules';
import { sessionFromCookies } from '../../src/shared/session';

const as = (role?: string) => visibleNavItems(sessionFromCookies(role ? `jwt_token=t; role=${role}` : ''));

describe('navigation rules', () => {
  it('shows a visitor the menus, job openings, login and apply, and free job posting', () => {
    expect(as()).toEqual(['home', 'services', 'company', 'pressRelease', 'jobOpenings', 'freeJobPosting', 'applyAsRecruiter', 'login']);
  });
  it('shows ADMIN its dashboard, jobs, free job posting and logout, but no complaint', () => {
    expect(as('ADMIN')).toEqual(['home', 'dashboard', 'pressRelease', 'jobs', 'freeJobPosting', 'logout']);
  });
  it('shows MARKETING its pages, where it starts', () => {
    expect(as('MARKETING')).toEqual(['home', 'pages', 'pressRelease', 'freeJobPosting', 'logout']);
  });
  it('hides free job posting from BDE and FBDE, and shows them their To do list', () => {
    expect(as('BDE')).toEqual(['home', 'toDo', 'pressRelease', 'jobs', 'complaint', 'logout']);
    expect(as('FBDE')).toEqual(['home', 'toDo', 'pressRelease', 'jobs', 'complaint', 'logout']);
  });
  it('shows other roles free job posting and complaint', () => {
    expect(as('RECRUITER')).toEqual(['home', 'pressRelease', 'jobs', 'freeJobPosting', 'complaint', 'logout']);
  });
  it('treats a role cookie without jwt_token as logged out', () => {
    expect(visibleNavItems(sessionFromCookies('role=ADMIN'))).toEqual(as());
  });
  it('takes the readable username cookie for the httpOnly jwt_token in the browser', () => {
    expect(visibleNavItems(sessionFromCookies('username=asha; role=ADMIN'))).toEqual(as('ADMIN'));
  });
});
