/** Header navigation of spec section 2; `adminOnly` items are hidden from learners. */
export interface NavigationItem {
  path: string;
  labelKey: string;
  testId: string;
  adminOnly?: boolean;
}

export const HEADER_NAVIGATION: NavigationItem[] = [
  { path: '/', labelKey: 'nav.home', testId: 'nav-home' },
  { path: '/dashboard', labelKey: 'nav.dashboard', testId: 'nav-dashboard', adminOnly: true },
  { path: '/courses', labelKey: 'nav.courses', testId: 'nav-courses' },
  { path: '/job-roles', labelKey: 'nav.jobRoles', testId: 'nav-job-roles' },
  { path: '/progress', labelKey: 'nav.progress', testId: 'nav-progress' },
  { path: '/quality', labelKey: 'nav.quality', testId: 'nav-quality', adminOnly: true },
  { path: '/admin/people', labelKey: 'nav.people', testId: 'nav-people', adminOnly: true },
  { path: '/admin/lti', labelKey: 'nav.lti', testId: 'nav-lti', adminOnly: true },
];

export function visibleNavigation(isAdmin: boolean): NavigationItem[] {
  return HEADER_NAVIGATION.filter((item) => isAdmin || !item.adminOnly);
}

/** The navigation item a path belongs to, e.g. `/courses/42` -> `/courses`, `/admin/people` -> itself. */
export function activeNavigationPath(pathname: string): string {
  const nested = HEADER_NAVIGATION.find((item) => item.path.split('/').length > 2 && pathname.startsWith(item.path));
  if (nested) return nested.path;
  const firstSegment = pathname.split('/')[1] ?? '';
  return `/${firstSegment}`;
}
