import type { User } from '@masar/contracts';
import { buildUser, jsonResponse, renderWithMasar } from '@masar/shell/testing';
import { screen } from '@testing-library/react';
import { buildCourse, coursePage } from '../course.factory';
import { CoursesPage } from './CoursesPage';

function serve(user: User, courses: ReturnType<typeof buildCourse>[]) {
  globalThis.fetch = jest.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/auth/user') return jsonResponse(user);
    if (pathname === '/api/courses') return jsonResponse(coursePage(courses));
    return jsonResponse({ message: 'Not found' }, 404);
  }) as unknown as typeof fetch;
}

describe('CoursesPage', () => {
  it('lists the courses with their count, and hides Create and Ready AI from learners', async () => {
    serve(buildUser({ role: 'learner' }), [buildCourse({ title: 'Mastering CRM', abbreviation: 'CRM' })]);
    renderWithMasar(<CoursesPage />, { route: '/courses' });
    expect(screen.getByText('Course Management')).toBeTruthy();
    expect(screen.getAllByTestId('course-skeleton')).toHaveLength(6);

    const card = await screen.findByTestId('course-card');
    expect(card.textContent).toContain('Mastering CRM');
    expect(card.textContent).toContain('CRM');
    expect(card.textContent).toContain('Sales');
    expect(screen.getByTestId('courses-count').textContent).toBe('Courses in your library: 1');
    expect(screen.getByText('Search')).toBeTruthy();
    expect(screen.queryByTestId('courses-create')).toBeNull();
    expect(screen.queryByTestId('courses-ready-ai')).toBeNull();
  });

  it('shows admins Create and Ready AI, which wait for course authoring', async () => {
    serve(buildUser({ role: 'admin' }), []);
    renderWithMasar(<CoursesPage />, { route: '/courses' });
    expect(await screen.findByTestId('courses-empty')).toBeTruthy();
    expect((screen.getByTestId('courses-create') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('courses-ready-ai') as HTMLButtonElement).disabled).toBe(true);
  });
});
