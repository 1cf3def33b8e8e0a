import type { ExtractedSkill, JobDescription } from '@masar/contracts';
import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourse, buildRecommendedCourse, coursePage } from '../../courses/course.factory';

const JOB_ID = '10000000-0000-4000-8000-000000000042';
const skill = (name: string, confidence: number): ExtractedSkill => ({ name, category: 'technical', confidence, evidence: [] });

function jobDescription(overrides: Partial<JobDescription> = {}): JobDescription {
  return {
    id: JOB_ID,
    title: 'Senior Data Analyst',
    content: 'Strong SQL, Python for automation and Tableau dashboards.',
    source: { kind: 'text' },
    detectedLanguage: 'en',
    extractedSkills: [skill('SQL', 0.95), skill('Tableau', 0.85), skill('Excel', 0.5)],
    reviewedSkills: null,
    createdBy: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderRecommendations() {
  return renderWithMasar(
    <>
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
      </Routes>
      <ShowLocation />
    </>,
    { route: `/courses?jobId=${JOB_ID}` },
  );
}

describe('courses recommended for a job description', () => {
  it('asks for courses covering the confident extracted skills and shows what each covers', async () => {
    const gateway = stubGateway({
      'GET /api/job-descriptions/:id': () => jsonResponse({ jobDescription: jobDescription() }),
      'POST /api/courses/recommend': () =>
        jsonResponse({
          courses: [
            buildRecommendedCourse(['SQL', 'Tableau'], 1, { title: 'Analytics with SQL and Tableau' }),
            buildRecommendedCourse(['SQL'], 0.5, { title: 'SQL Foundations' }),
          ],
        }),
      'GET /api/courses': () => jsonResponse(coursePage([buildCourse()])),
    });
    renderRecommendations();

    const section = await screen.findByTestId('recommended-courses');
    await waitFor(() => expect(within(section).getAllByTestId('course-card')).toHaveLength(2));
    expect(section.textContent).toContain('Recommended for Senior Data Analyst');
    expect(within(section).getByTestId('recommendations-basis').textContent).toContain(
      'Based on the 2 skills extracted with high confidence',
    );
    const covered = within(section).getAllByTestId('covered-skills').map((element) => element.textContent?.trim());
    expect(covered).toEqual(["Covers 100% of the role's skillsSQLTableau", "Covers 50% of the role's skillsSQL"]);
    expect(gateway.callsTo('POST', /^\/api\/courses\/recommend$/).map((call) => call.json)).toEqual([{ skills: ['SQL', 'Tableau'] }]);
    // The whole library stays below, so the learner can still browse.
    expect(screen.getAllByTestId('course-card')).toHaveLength(3);

    fireEvent.click(screen.getByTestId('recommendations-show-all'));
    expect(screen.getByTestId('location').textContent).toBe('/courses');
    expect(screen.queryByTestId('recommended-courses')).toBeNull();
  });

  it('uses the approved and custom skills once the job description has been reviewed', async () => {
    const reviewed = jobDescription({
      reviewedSkills: {
        approved: [skill('SQL', 0.95)],
        notApproved: [skill('Tableau', 0.85)],
        removed: [],
        custom: [skill('Stakeholder Management', 1)],
        reviewedBy: '00000000-0000-4000-8000-000000000001',
        reviewedAt: '2026-03-03T08:00:00.000Z',
      },
    });
    const gateway = stubGateway({
      'GET /api/job-descriptions/:id': () => jsonResponse({ jobDescription: reviewed }),
      'POST /api/courses/recommend': () => jsonResponse({ courses: [] }),
      'GET /api/courses': () => jsonResponse(coursePage([])),
    });
    renderRecommendations();
    expect((await screen.findByTestId('recommendations-empty')).textContent).toContain('No courses cover these skills yet.');
    expect(screen.getByTestId('recommendations-basis').textContent).toContain('Based on the 2 skills confirmed in the skills review.');
    expect(gateway.callsTo('POST', /recommend$/).map((call) => call.json)).toEqual([{ skills: ['SQL', 'Stakeholder Management'] }]);
  });

  it('explains that there is nothing to recommend from when no skill is confident enough', async () => {
    const gateway = stubGateway({
      'GET /api/job-descriptions/:id': () => jsonResponse({ jobDescription: jobDescription({ extractedSkills: [skill('Excel', 0.4)] }) }),
      'GET /api/courses': () => jsonResponse(coursePage([])),
    });
    renderRecommendations();
    expect((await screen.findByTestId('recommendations-no-skills')).textContent).toContain(
      'This job description has no confirmed skills yet',
    );
    expect(gateway.callsTo('POST', /recommend$/)).toHaveLength(0);
  });

  it('says the job description could not be loaded, with the server message', async () => {
    stubGateway({
      'GET /api/job-descriptions/:id': () => jsonResponse({ statusCode: 404, message: 'Job description not found' }, 404),
      'GET /api/courses': () => jsonResponse(coursePage([])),
    });
    renderRecommendations();
    const error = await screen.findByTestId('recommendations-error');
    expect(error.textContent).toContain('The job description could not be loaded');
    expect(error.textContent).toContain('Job description not found');
  });
});
