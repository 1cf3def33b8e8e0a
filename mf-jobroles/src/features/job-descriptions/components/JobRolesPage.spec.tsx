import type { JobDescription } from '@masar/contracts';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildJobDescription, buildSkill } from '../job-description.factory';
import { JobRolesPage } from './JobRolesPage';

function page(items: JobDescription[], { total = items.length, page = 1, pageSize = 12 } = {}) {
  return jsonResponse({ items, total, page, pageSize });
}

function renderPage() {
  return renderWithMasar(<JobRolesPage />, { route: '/job-roles' });
}

describe('JobRolesPage', () => {
  it('shows six skeleton cards while the list loads', () => {
    stubGateway({ 'GET /api/job-descriptions': never });
    renderPage();
    expect(screen.getByText('Job Descriptions')).toBeTruthy();
    expect(screen.getAllByTestId('job-description-skeleton')).toHaveLength(6);
  });

  it('shows each job description as a card with its preview, skills and course link', async () => {
    const skills = ['SQL', 'Python', 'Tableau', 'Statistics', 'Storytelling', 'Excel'].map((name) => buildSkill(name));
    const jobDescription = buildJobDescription({ title: 'Senior Data Analyst', extractedSkills: skills });
    const gateway = stubGateway({ 'GET /api/job-descriptions': () => page([jobDescription]) });
    renderPage();

    const card = await screen.findByTestId('job-description-card');
    expect(card.textContent).toContain('Senior Data Analyst');
    expect(card.textContent).toContain('Extracted skills: 6');
    expect(card.textContent).toContain('+2 more');
    expect(card.textContent).toContain('View Skills & Generate Path');
    expect(screen.getByText('View Recommended Courses').closest('a')?.getAttribute('href')).toBe(
      `/courses?jobId=${jobDescription.id}`,
    );
    const [list] = gateway.callsTo('GET', /^\/api\/job-descriptions$/);
    expect(Object.fromEntries(list.search)).toEqual({ page: '1', pageSize: '12' });
  });

  it('invites a learner to upload when there are none, without the admin buttons', async () => {
    stubGateway({ 'GET /api/job-descriptions': () => page([]) }, buildUser({ role: 'learner' }));
    renderPage();
    const empty = await screen.findByTestId('job-descriptions-empty');
    expect(empty.textContent).toContain('No job descriptions found');
    expect(empty.textContent).toContain('Get started by uploading a job description');
    expect(screen.queryByTestId('add-job-description')).toBeNull();
    expect(screen.queryByTestId('empty-upload-job-description')).toBeNull();
    expect(screen.queryByTestId('delete-job-description')).toBeNull();
  });

  it("gives an admin the empty state's upload button, which opens the upload modal", async () => {
    stubGateway({ 'GET /api/job-descriptions': () => page([]) }, buildUser({ role: 'admin' }));
    renderPage();
    fireEvent.click(await screen.findByTestId('empty-upload-job-description'));
    expect(await screen.findByTestId('upload-job-description-modal')).toBeTruthy();
    expect(screen.getByText('File Upload')).toBeTruthy();
  });

  it('searches through the API and hints at adjusting the terms when nothing matches', async () => {
    const gateway = stubGateway(
      { 'GET /api/job-descriptions': (_request, _params, url) => page(url.searchParams.get('q') ? [] : [buildJobDescription()]) },
      buildUser({ role: 'admin' }),
    );
    renderPage();
    await screen.findByTestId('job-description-card');
    expect(screen.getByTestId('add-job-description')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search job descriptions'), { target: { value: 'astronaut' } });
    const empty = await screen.findByTestId('job-descriptions-empty', {}, { timeout: 3000 });
    expect(empty.textContent).toContain('Try adjusting your search terms');
    expect(gateway.callsTo('GET', /^\/api\/job-descriptions$/).some((call) => call.search.get('q') === 'astronaut')).toBe(true);
  });

  it('pages through more job descriptions than fit on one page', async () => {
    const gateway = stubGateway({
      'GET /api/job-descriptions': (_request, _params, url) => {
        const current = Number(url.searchParams.get('page'));
        return page([buildJobDescription({ title: `Role on page ${current}` })], { total: 13, page: current });
      },
    });
    renderPage();
    expect((await screen.findByTestId('job-description-card')).textContent).toContain('Role on page 1');
    fireEvent.click(within(screen.getByTestId('job-descriptions-pagination')).getByText('2'));
    await waitFor(() => expect(screen.getByTestId('job-description-card').textContent).toContain('Role on page 2'));
    expect(gateway.callsTo('GET', /^\/api\/job-descriptions$/).map((call) => call.search.get('page'))).toEqual(['1', '2']);
  });

  it('shows the error with a Retry that asks again', async () => {
    let answers = 0;
    stubGateway({
      'GET /api/job-descriptions': () =>
        ++answers === 1 ? jsonResponse({ message: 'jobs is unavailable' }, 503) : page([buildJobDescription()]),
    });
    renderPage();
    const error = await screen.findByTestId('job-descriptions-error');
    expect(error.textContent).toContain('503: {"message":"jobs is unavailable"}');
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByTestId('job-description-card')).toBeTruthy();
  });

  it("opens a posting's skills for review, saves them, and says so", async () => {
    const jobDescription = buildJobDescription({
      title: 'Senior Data Analyst',
      extractedSkills: [buildSkill('SQL', { confidence: 0.95 }), buildSkill('Python', { confidence: 0.5 })],
    });
    const gateway = stubGateway({
      'GET /api/job-descriptions': () => page([jobDescription]),
      'GET /api/job-descriptions/:id': () => jsonResponse({ jobDescription }),
      'PUT /api/job-descriptions/:id/skills': () =>
        jsonResponse({
          jobDescription: {
            ...jobDescription,
            reviewedSkills: {
              approved: [jobDescription.extractedSkills[0]],
              notApproved: [jobDescription.extractedSkills[1]],
              removed: [],
              custom: [],
              reviewedBy: '00000000-0000-4000-8000-000000000001',
              reviewedAt: '2026-03-03T08:00:00.000Z',
            },
          },
        }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('view-skills'));
    expect(await screen.findByText('Review Extracted Skills')).toBeTruthy();
    expect(gateway.callsTo('GET', new RegExp(`/${jobDescription.id}$`))).toHaveLength(1);
    fireEvent.click(await screen.findByTestId('confirm-skills'));
    expect(await screen.findByText('Skills saved')).toBeTruthy();
    expect(screen.getByText('Confirmed skills saved for Senior Data Analyst: 1.')).toBeTruthy();
    expect(gateway.callsTo('PUT', /\/skills$/)[0].json).toEqual({ approvedSkills: ['SQL'], removedSkills: [], customSkills: [] });
  });

  it('lets an admin delete a posting after confirming', async () => {
    let deleted = false;
    const jobDescription = buildJobDescription({ title: 'Old posting' });
    const gateway = stubGateway(
      {
        'GET /api/job-descriptions': () => page(deleted ? [] : [jobDescription]),
        'DELETE /api/job-descriptions/:id': (_request, { id }) => {
          deleted = true;
          return jsonResponse({ deleted: true, id });
        },
      },
      buildUser({ role: 'admin' }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('delete-job-description'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Job Description Deleted')).toBeTruthy();
    expect(gateway.callsTo('DELETE', /job-descriptions/)[0].path).toBe(`/api/job-descriptions/${jobDescription.id}`);
    expect(await screen.findByTestId('job-descriptions-empty')).toBeTruthy();
  });
});
