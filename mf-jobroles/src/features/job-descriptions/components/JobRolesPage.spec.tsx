import type { User } from '@masar/contracts';
import { buildUser, jsonResponse, renderWithMasar } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildJobDescription, buildSkill } from '../job-description.factory';
import { JobRolesPage } from './JobRolesPage';

const fetchMock = jest.fn<Promise<Response>, [Request]>();

/** A stubbed gateway: who is signed in, and what the job description list holds. */
function serve({ user, list }: { user: User; list: (query: string | null) => Promise<Response> }) {
  fetchMock.mockImplementation(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/auth/user') return jsonResponse(user);
    if (url.pathname === '/api/job-descriptions') return list(url.searchParams.get('q'));
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

function page(items: ReturnType<typeof buildJobDescription>[]) {
  return jsonResponse({ items, total: items.length, page: 1, pageSize: 20 });
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('JobRolesPage', () => {
  it('shows six skeleton cards while the list loads', async () => {
    serve({ user: buildUser(), list: () => new Promise<Response>(() => undefined) });
    renderWithMasar(<JobRolesPage />, { route: '/job-roles' });
    expect(screen.getByText('Job Descriptions')).toBeTruthy();
    expect(screen.getAllByTestId('job-description-skeleton')).toHaveLength(6);
  });

  it('shows each job description as a card with its preview, skills and course link', async () => {
    const skills = ['SQL', 'Python', 'Tableau', 'Statistics', 'Storytelling', 'Excel'].map((name) => buildSkill(name));
    const jobDescription = buildJobDescription({ title: 'Senior Data Analyst', extractedSkills: skills });
    serve({ user: buildUser(), list: async () => page([jobDescription]) });
    renderWithMasar(<JobRolesPage />, { route: '/job-roles' });

    const card = await screen.findByTestId('job-description-card');
    expect(card.textContent).toContain('Senior Data Analyst');
    expect(card.textContent).toContain('Extracted skills: 6');
    expect(card.textContent).toContain('+2 more');
    expect(card.textContent).toContain('View Skills & Generate Path');
    expect(screen.getByText('View Recommended Courses').closest('a')?.getAttribute('href')).toBe(
      `/courses?jobId=${jobDescription.id}`,
    );
  });

  it('invites a learner to upload when there are none, without the admin buttons', async () => {
    serve({ user: buildUser({ role: 'learner' }), list: async () => page([]) });
    renderWithMasar(<JobRolesPage />, { route: '/job-roles' });
    const empty = await screen.findByTestId('job-descriptions-empty');
    expect(empty.textContent).toContain('No job descriptions found');
    expect(empty.textContent).toContain('Get started by uploading a job description');
    expect(screen.queryByTestId('add-job-description')).toBeNull();
    expect(screen.queryByText('Upload Job Description')).toBeNull();
  });

  it('searches through the API and hints at adjusting the terms when nothing matches', async () => {
    serve({
      user: buildUser({ role: 'admin' }),
      list: async (query) => page(query ? [] : [buildJobDescription()]),
    });
    renderWithMasar(<JobRolesPage />, { route: '/job-roles' });
    await screen.findByTestId('job-description-card');
    expect(screen.getByTestId('add-job-description')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search job descriptions'), { target: { value: 'astronaut' } });
    const empty = await screen.findByTestId('job-descriptions-empty', {}, { timeout: 3000 });
    expect(empty.textContent).toContain('Try adjusting your search terms');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([request]) => request.url.endsWith('/api/job-descriptions?q=astronaut'))).toBe(true),
    );
  });

  it('shows the error with a Retry that asks again', async () => {
    let answers = 0;
    serve({
      user: buildUser(),
      list: async () => (++answers === 1 ? jsonResponse({ message: 'jobs is unavailable' }, 503) : page([buildJobDescription()])),
    });
    renderWithMasar(<JobRolesPage />, { route: '/job-roles' });
    const error = await screen.findByTestId('job-descriptions-error');
    expect(error.textContent).toContain('503: {"message":"jobs is unavailable"}');
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByTestId('job-description-card')).toBeTruthy();
  });
});
