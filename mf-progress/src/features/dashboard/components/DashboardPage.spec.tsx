import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { adminStatsReply, buildAdminStats, buildRecentLearningPath, buildSystemActivity } from '../admin-stats.factory';
import { DashboardPage } from './DashboardPage';

function ShowLocation() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderDashboard() {
  return renderWithMasar(
    <>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="*" element={null} />
      </Routes>
      <ShowLocation />
    </>,
    { route: '/dashboard' },
  );
}

const statCards = () => screen.getAllByTestId('stat-card').map((card) => card.textContent);
const activityLines = () => screen.getAllByTestId('activity-text').map((line) => line.textContent);

const dateTime = (iso: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function busyOrganisation() {
  return buildAdminStats({
    activeLearningPaths: 3,
    skillsMapped: 41,
    availableCourses: 12,
    completionRate: 37,
    recentLearningPaths: [
      buildRecentLearningPath({ jobTitle: 'Data Analyst', courseCount: 6, percent: 50, createdAt: '2026-03-04T09:00:00.000Z' }),
      buildRecentLearningPath({ jobTitle: 'HR Business Partner', courseCount: 4, percent: 0 }),
    ],
    systemActivity: [
      buildSystemActivity({ kind: 'course-created', title: 'SQL Fundamentals', titleAr: 'أساسيات SQL', occurredAt: '2026-03-05T14:20:00.000Z' }),
      buildSystemActivity({ kind: 'course-deleted', title: 'Old Excel Course', titleAr: null }),
      buildSystemActivity({ kind: 'job-skills-reviewed', title: 'Data Analyst', titleAr: null, count: 8 }),
      buildSystemActivity({ kind: 'learning-path-generated', title: 'Data Analyst', titleAr: null, count: 6 }),
      buildSystemActivity({ kind: 'lesson-completed', title: 'Negotiation Skills' }),
      buildSystemActivity({ kind: 'course-completed', title: 'Negotiation Skills' }),
    ],
  });
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('DashboardPage', () => {
  it('shows skeletons while the figures load', () => {
    stubGateway({ 'GET /api/admin/stats': never });
    renderDashboard();
    expect(screen.getByText('Dashboard Overview')).toBeTruthy();
    expect(screen.getByTestId('dashboard-loading')).toBeTruthy();
    expect(screen.queryAllByTestId('stat-card')).toHaveLength(0);
  });

  it("shows the server's figures, the recent paths and the activity worded per kind", async () => {
    const gateway = stubGateway({ 'GET /api/admin/stats': () => adminStatsReply(busyOrganisation()) });
    renderDashboard();

    expect(await screen.findAllByTestId('stat-card')).toHaveLength(4);
    expect(statCards()).toEqual(['Active Learning Paths3', 'Skills Mapped41', 'Available Courses12', 'Completion Rate37%']);
    expect(gateway.callsTo('GET', /^\/api\/admin\/stats$/)).toHaveLength(1);
    expect(screen.queryByText('—')).toBeNull();
    expect(screen.queryByText(/Figures appear here/)).toBeNull();

    const [analyst, partner] = screen.getAllByTestId('recent-path');
    expect(within(analyst).getByTestId('recent-path-title').textContent).toBe('Data Analyst');
    expect(within(analyst).getByTestId('recent-path-courses').textContent).toBe('Courses: 6');
    expect(within(analyst).getByRole('progressbar', { name: 'Progress on the learning path Data Analyst' }).getAttribute('aria-valuenow')).toBe('50');
    expect(within(analyst).getByTestId('recent-path-created').textContent).toBe(
      `Created ${new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2026-03-04T09:00:00.000Z'))}`,
    );
    expect(within(partner).getByTestId('recent-path-courses').textContent).toBe('Courses: 4');

    expect(activityLines()).toEqual([
      'Course created: SQL Fundamentals',
      'Course deleted: Old Excel Course',
      'Skills reviewed for Data Analyst: 8',
      'Learning path generated for Data Analyst: 6 courses',
      'Lesson completed in Negotiation Skills',
      'Course completed: Negotiation Skills',
    ]);
    expect(screen.getAllByTestId('activity')[0].textContent).toContain(dateTime('2026-03-05T14:20:00.000Z'));
  });

  it('says so when nothing has been generated or recorded yet', async () => {
    stubGateway({ 'GET /api/admin/stats': () => adminStatsReply(buildAdminStats()) });
    renderDashboard();

    expect(await screen.findByText('No learning paths have been generated yet.')).toBeTruthy();
    expect(screen.getByText('No activity has been recorded yet.')).toBeTruthy();
    expect(statCards()).toEqual(['Active Learning Paths0', 'Skills Mapped0', 'Available Courses0', 'Completion Rate0%']);
  });

  it('shows a failed load with the server message, and Retry loads the figures', async () => {
    let failing = true;
    stubGateway({
      'GET /api/admin/stats': () =>
        failing
          ? jsonResponse({ statusCode: 503, message: 'The progress service is not answering' }, 503)
          : adminStatsReply(busyOrganisation()),
    });
    renderDashboard();

    const alert = await screen.findByTestId('load-failed');
    expect(alert.textContent).toContain('The dashboard could not be loaded');
    expect(alert.textContent).toContain('The progress service is not answering');
    failing = false;
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findAllByTestId('stat-card')).toHaveLength(4);
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('tells a learner that only administrators can see the dashboard', async () => {
    stubGateway({ 'GET /api/admin/stats': () => jsonResponse({ statusCode: 403, message: 'Forbidden resource' }, 403) });
    renderDashboard();

    expect((await screen.findByTestId('dashboard-forbidden')).textContent).toContain('Only administrators can see the dashboard');
    expect(screen.queryByTestId('load-failed')).toBeNull();
    expect(screen.queryAllByTestId('stat-card')).toHaveLength(0);
  });

  it('goes home from the Home button', async () => {
    stubGateway({ 'GET /api/admin/stats': () => adminStatsReply(buildAdminStats()) });
    renderDashboard();
    fireEvent.click(await screen.findByTestId('dashboard-home'));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('reads in Arabic, with Arabic course titles where the catalog has them', async () => {
    stubGateway({ 'GET /api/admin/stats': () => adminStatsReply(busyOrganisation()) });
    await act(() => changeLanguage('ar'));
    renderDashboard();

    expect(await screen.findAllByTestId('stat-card')).toHaveLength(4);
    expect(screen.getByText('نظرة عامة على لوحة التحكم')).toBeTruthy();
    expect(statCards()).toEqual(['مسارات التعلّم النشطة3', 'المهارات المربوطة41', 'الدورات المتاحة12', 'معدل الإنجاز37%']);
    expect(screen.getByText('أحدث مسارات التعلّم')).toBeTruthy();
    expect(screen.getByText('نشاط النظام')).toBeTruthy();
    expect(screen.getByText('الرئيسية')).toBeTruthy();
    expect(activityLines()[0]).toBe('أُنشئت دورة: أساسيات SQL');
    expect(activityLines()[1]).toBe('حُذفت دورة: Old Excel Course');
    expect(activityLines()[3]).toBe('أُنشئ مسار تعلّم لوظيفة Data Analyst (عدد الدورات: 6)');
    expect(screen.getAllByTestId('activity')[0].textContent).toContain(dateTime('2026-03-05T14:20:00.000Z', 'ar'));
  });
});
