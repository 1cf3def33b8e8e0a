import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  buildAchievement,
  buildAcquiredSkill,
  buildLearningPathSummary,
  buildProgressCourse,
  buildProgressOverview,
  buildUpcomingDeadline,
  learnerSkillsReply,
  progressOverviewReply,
} from '../progress.factory';
import { initialOf } from './ProgressHeader';
import { ProgressPage } from './ProgressPage';

const COMPLETED_ID = '20000000-0000-4000-8000-00000000c001';
const IN_PROGRESS_ID = '20000000-0000-4000-8000-00000000c002';
const PENDING_ID = '20000000-0000-4000-8000-00000000c003';
const REMOVED_PENDING_ID = '20000000-0000-4000-8000-00000000c004';
const REMOVED_IN_PROGRESS_ID = '20000000-0000-4000-8000-00000000c005';
const REMOVED_COMPLETED_ID = '20000000-0000-4000-8000-00000000c006';

function ShowLocation() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderProgress() {
  return renderWithMasar(
    <>
      <Routes>
        <Route path="/progress" element={<ProgressPage />} />
        <Route path="*" element={null} />
      </Routes>
      <ShowLocation />
    </>,
    { route: '/progress' },
  );
}

/** The gateway of a learner with this overview and an empty skill profile. */
function stubLearner(overview = buildProgressOverview(), firstName = 'Omar') {
  return stubGateway(
    {
      'GET /api/progress': () => progressOverviewReply(overview),
      'GET /api/learner-skills': () => learnerSkillsReply([]),
    },
    buildUser({ firstName }),
  );
}

const day = (iso: string, language = 'en') => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
const calendarDay = (isoDay: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));

function courseItem(courseId: string): HTMLElement {
  const item = screen.getAllByTestId('course-progress-item').find((element) => element.dataset.courseId === courseId);
  if (!item) throw new Error(`no course ${courseId}`);
  return item;
}

/** A learner halfway through a Data Analyst path: one course done, one under way, one not opened. */
function activeLearner() {
  return buildProgressOverview({
    overallPercent: 58,
    completedCount: 1,
    inProgressCount: 1,
    pendingCount: 1,
    hoursSpent: 14.5,
    courses: [
      buildProgressCourse({
        courseId: IN_PROGRESS_ID,
        title: 'SQL Fundamentals',
        titleAr: 'أساسيات SQL',
        description: 'Query, join and summarise tables.',
        duration: '3 weeks',
        status: 'in-progress',
        percent: 75,
        completedLessons: 6,
        totalLessons: 8,
        dueDate: '2020-01-31',
      }),
      buildProgressCourse({
        courseId: PENDING_ID,
        title: 'Data Visualisation',
        titleAr: null,
        description: null,
        duration: null,
        estimatedHours: 10,
        status: 'pending',
        percent: 0,
        completedLessons: 0,
        totalLessons: null,
        secondsSpent: 0,
        startedAt: null,
        dueDate: '2099-06-30',
      }),
      buildProgressCourse({
        courseId: COMPLETED_ID,
        title: 'Excel Essentials',
        titleAr: 'أساسيات إكسل',
        status: 'completed',
        percent: 100,
        completedLessons: 10,
        totalLessons: 10,
        completedAt: '2026-02-14T16:00:00.000Z',
        dueDate: '2020-01-01',
      }),
    ],
    upcomingDeadlines: [
      buildUpcomingDeadline({ courseId: IN_PROGRESS_ID, title: 'SQL Fundamentals', titleAr: 'أساسيات SQL', dueDate: '2020-01-31', overdue: true }),
      buildUpcomingDeadline({ courseId: PENDING_ID, title: 'Data Visualisation', titleAr: null, dueDate: '2099-06-30' }),
    ],
    achievements: [
      buildAchievement({ kind: 'course-completed', title: 'Excel Essentials', titleAr: 'أساسيات إكسل', occurredAt: '2026-02-14T16:00:00.000Z' }),
      buildAchievement({ kind: 'skill-level-reached', skill: 'Excel', level: 'working' }),
      buildAchievement({ kind: 'milestone-met', quarter: 1, title: 'Data Analyst', titleAr: null }),
    ],
    learningPath: buildLearningPathSummary({ jobTitle: 'Data Analyst', courseCount: 3, completedCourseCount: 1, skillsCovered: 5, months: 6 }),
  });
}

/** A learner with one course of each status deleted from the catalog since, and one still in it. */
function learnerWithRemovedCourses() {
  return buildProgressOverview({
    completedCount: 1,
    inProgressCount: 1,
    pendingCount: 2,
    courses: [
      buildProgressCourse({ courseId: REMOVED_IN_PROGRESS_ID, title: 'Tableau Basics', titleAr: 'أساسيات Tableau', removed: true }),
      buildProgressCourse({
        courseId: REMOVED_PENDING_ID,
        title: 'Power BI Essentials',
        titleAr: null,
        status: 'pending',
        percent: 0,
        completedLessons: 0,
        totalLessons: null,
        startedAt: null,
        dueDate: '2099-04-30',
        removed: true,
      }),
      buildProgressCourse({ courseId: PENDING_ID, title: 'Data Visualisation', status: 'pending', percent: 0, removed: false }),
      buildProgressCourse({
        courseId: REMOVED_COMPLETED_ID,
        title: 'Excel Essentials',
        status: 'completed',
        percent: 100,
        completedLessons: 8,
        completedAt: '2026-02-14T16:00:00.000Z',
        removed: true,
      }),
    ],
    upcomingDeadlines: [
      buildUpcomingDeadline({ courseId: REMOVED_PENDING_ID, title: 'Power BI Essentials', titleAr: null, dueDate: '2099-04-30' }),
      buildUpcomingDeadline({ courseId: PENDING_ID, title: 'Data Visualisation', titleAr: null, dueDate: '2099-06-30' }),
    ],
  });
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('initialOf', () => {
  it("takes the first letter of the first name, or 'U'", () => {
    expect(initialOf('layla')).toBe('L');
    expect(initialOf('  ')).toBe('U');
    expect(initialOf(undefined)).toBe('U');
  });
});

describe('ProgressPage', () => {
  it('shows skeletons while the progress loads', () => {
    stubGateway({ 'GET /api/progress': never });
    renderProgress();
    expect(screen.getByText('My Progress')).toBeTruthy();
    expect(screen.getByTestId('progress-loading')).toBeTruthy();
    expect(screen.queryAllByTestId('stat-card')).toHaveLength(0);
  });

  it('shows true zero figures, No Courses Available with Browse Courses, and no invented path', async () => {
    stubLearner();
    renderProgress();

    expect((await screen.findByText('O')).closest('[data-testid="progress-initial"]')).toBeTruthy();
    expect(await screen.findAllByTestId('stat-card')).toHaveLength(4);
    expect(screen.getAllByTestId('stat-card').map((card) => card.textContent)).toEqual([
      'Overall Progress0%',
      'Completed0',
      'In Progress0',
      'Pending0',
    ]);
    expect(screen.getByTestId('progress-hours').textContent).toBe('Hours spent learning: 0');
    const empty = screen.getByTestId('progress-empty');
    expect(empty.textContent).toContain('No Courses Available');
    expect(screen.getByText('No upcoming deadlines')).toBeTruthy();
    expect(screen.getByText('No achievements yet')).toBeTruthy();

    const summary = screen.getByTestId('learning-path-summary');
    expect(summary.textContent).toContain('Learning Path Summary');
    expect(summary.textContent).toContain('You have no learning path yet.');
    expect(summary.textContent).not.toMatch(/Professional Development Path|months program/);

    fireEvent.click(within(empty).getByText('Browse Courses'));
    expect(screen.getByTestId('location').textContent).toBe('/courses');
  });

  it('sends a learner without a path to the home page to create one', async () => {
    stubLearner();
    renderProgress();
    fireEvent.click(await screen.findByTestId('learning-path-create'));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it("shows the server's figures and each course with its status, lessons and the action its status calls for", async () => {
    const gateway = stubLearner(activeLearner());
    renderProgress();

    expect(await screen.findAllByTestId('course-progress-item')).toHaveLength(3);
    expect(gateway.callsTo('GET', /^\/api\/progress$/)).toHaveLength(1);
    expect(screen.getAllByTestId('stat-card').map((card) => card.textContent)).toEqual([
      'Overall Progress58%',
      'Completed1',
      'In Progress1',
      'Pending1',
    ]);
    expect(screen.getByTestId('progress-hours').textContent).toBe('Hours spent learning: 14.5');

    const inProgress = courseItem(IN_PROGRESS_ID);
    expect(within(inProgress).getByTestId('course-title').textContent).toBe('SQL Fundamentals');
    expect(within(inProgress).getByTestId('course-status').textContent).toBe('In Progress');
    expect(within(inProgress).getByTestId('course-duration').textContent).toBe('3 weeks');
    expect(inProgress.textContent).toContain('Query, join and summarise tables.');
    // Each bar is named after its course, in the page's language (WCAG: aria-progressbar-name).
    expect(within(inProgress).getByRole('progressbar', { name: 'Progress in SQL Fundamentals' }).getAttribute('aria-valuenow')).toBe('75');
    expect(within(inProgress).getByTestId('course-lessons').textContent).toBe('6/8 lessons');
    expect(within(inProgress).getByText('Continue Learning')).toBeTruthy();
    expect(within(inProgress).queryByText('Start Course')).toBeNull();

    const pending = courseItem(PENDING_ID);
    expect(within(pending).getByTestId('course-status').textContent).toBe('Pending');
    expect(within(pending).getByTestId('course-duration').textContent).toBe('10 h');
    expect(within(pending).queryByTestId('course-lessons')).toBeNull(); // never opened: the count is unknown
    expect(within(pending).getByText('Start Course')).toBeTruthy();
    expect(within(pending).queryByText('Continue Learning')).toBeNull();

    const completed = courseItem(COMPLETED_ID);
    expect(within(completed).getByTestId('course-status').textContent).toBe('Completed');
    expect(within(completed).getByTestId('course-lessons').textContent).toBe('10/10 lessons');
    expect(within(completed).getByTestId('course-completed-on').textContent).toBe(`Completed on ${day('2026-02-14T16:00:00.000Z')}`);
    expect(within(completed).queryByText('Start Course')).toBeNull();
    expect(within(completed).queryByText('Continue Learning')).toBeNull();
    expect(within(completed).getByText('View')).toBeTruthy();

    fireEvent.click(within(pending).getByText('Start Course'));
    expect(screen.getByTestId('location').textContent).toBe(`/courses/${PENDING_ID}`);
  });

  it('opens a completed course from View', async () => {
    stubLearner(activeLearner());
    renderProgress();

    await screen.findAllByTestId('course-progress-item');
    fireEvent.click(within(courseItem(COMPLETED_ID)).getByText('View'));
    expect(screen.getByTestId('location').textContent).toBe(`/courses/${COMPLETED_ID}`);
  });

  it('continues an in-progress course', async () => {
    stubLearner(activeLearner());
    renderProgress();
    fireEvent.click(await screen.findByText('Continue Learning'));
    expect(screen.getByTestId('location').textContent).toBe(`/courses/${IN_PROGRESS_ID}`);
  });

  it('keeps courses deleted from the catalog as history, marked and with nothing to open', async () => {
    stubLearner(learnerWithRemovedCourses());
    renderProgress();

    expect(await screen.findAllByTestId('course-progress-item')).toHaveLength(4);
    for (const courseId of [REMOVED_IN_PROGRESS_ID, REMOVED_PENDING_ID, REMOVED_COMPLETED_ID]) {
      const item = courseItem(courseId);
      expect(within(item).getByTestId('course-removed').textContent).toBe('Removed from the catalog');
      expect(within(item).queryByText('View')).toBeNull();
      expect(within(item).queryByText('Start Course')).toBeNull();
      expect(within(item).queryByText('Continue Learning')).toBeNull();
      expect(within(item).queryByRole('button')).toBeNull();
    }
    // The history stays: its status, how far the learner got, when they finished.
    expect(within(courseItem(REMOVED_IN_PROGRESS_ID)).getByTestId('course-status').textContent).toBe('In Progress');
    expect(within(courseItem(REMOVED_IN_PROGRESS_ID)).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(within(courseItem(REMOVED_COMPLETED_ID)).getByTestId('course-completed-on').textContent).toBe(
      `Completed on ${day('2026-02-14T16:00:00.000Z')}`,
    );

    const kept = courseItem(PENDING_ID);
    expect(within(kept).queryByTestId('course-removed')).toBeNull();
    expect(within(kept).getByText('View')).toBeTruthy();
    expect(within(kept).getByText('Start Course')).toBeTruthy();

    const [removedDeadline, keptDeadline] = screen.getAllByTestId('deadline');
    expect(within(removedDeadline).getByTestId('deadline-title').textContent).toBe('Power BI Essentials');
    expect(within(removedDeadline).getByTestId('deadline-removed').textContent).toBe('Removed from the catalog');
    expect(within(removedDeadline).queryByRole('link')).toBeNull();
    expect(within(keptDeadline).queryByTestId('deadline-removed')).toBeNull();
    expect(within(keptDeadline).getByRole('link').getAttribute('href')).toBe(`/courses/${PENDING_ID}`);
  });

  it('marks a past due date Overdue in red unless the course is completed, and lists the deadlines', async () => {
    stubLearner(activeLearner());
    renderProgress();

    await screen.findAllByTestId('course-progress-item');
    const inProgress = courseItem(IN_PROGRESS_ID);
    expect(within(inProgress).getByTestId('course-due').textContent).toBe(`Due ${calendarDay('2020-01-31')}Overdue`);
    expect(within(inProgress).getByTestId('course-overdue').textContent).toBe('Overdue');
    expect(within(courseItem(PENDING_ID)).getByTestId('course-due').textContent).toBe(`Due ${calendarDay('2099-06-30')}`);
    expect(within(courseItem(COMPLETED_ID)).queryByTestId('course-overdue')).toBeNull();

    const [late, later] = screen.getAllByTestId('deadline');
    expect(late.dataset.overdue).toBe('true');
    expect(late.textContent).toContain('SQL Fundamentals');
    expect(late.textContent).toContain('Data Analyst');
    expect(within(late).getByTestId('deadline-date').textContent).toBe(`Due ${calendarDay('2020-01-31')}`);
    expect(within(late).getByTestId('deadline-overdue').textContent).toBe('Overdue');
    expect(within(later).queryByTestId('deadline-overdue')).toBeNull();
    expect(within(late).getByRole('link').getAttribute('href')).toBe(`/courses/${IN_PROGRESS_ID}`);
  });

  it('words each achievement by its kind, with its date', async () => {
    stubLearner(activeLearner());
    renderProgress();

    const achievements = await screen.findAllByTestId('achievement');
    expect(achievements.map((item) => within(item).getByTestId('achievement-text').textContent)).toEqual([
      'Completed Excel Essentials',
      'Reached Working in Excel',
      'Met the Q1 milestone: Data Analyst',
    ]);
    expect(achievements[0].textContent).toContain(day('2026-02-14T16:00:00.000Z'));
    expect(screen.queryByText('No achievements yet')).toBeNull();
  });

  it('sums up the learning path with its length, figures and a link to the learning paths', async () => {
    stubLearner(activeLearner());
    renderProgress();

    const summary = await screen.findByTestId('learning-path-summary');
    expect(within(summary).getByTestId('learning-path-title').textContent).toBe('Data Analyst');
    expect(within(summary).getByTestId('learning-path-months').textContent).toBe('6 months program');
    expect(within(summary).getByTestId('learning-path-courses').textContent).toBe('Total courses3');
    expect(within(summary).getByTestId('learning-path-completed').textContent).toBe('Completed1');
    expect(within(summary).getByTestId('learning-path-skills').textContent).toBe('Skills covered5');
    const link = within(summary).getByTestId('learning-path-link');
    expect(link.textContent).toBe('View learning paths');
    expect(link.getAttribute('href')).toBe('/learning-paths');
    expect(within(summary).queryByTestId('learning-path-create')).toBeNull();
  });

  it('says "1 month program" for a one-month path', async () => {
    stubLearner(buildProgressOverview({ learningPath: buildLearningPathSummary({ months: 1 }) }));
    renderProgress();
    expect((await screen.findByTestId('learning-path-months')).textContent).toBe('1 month program');
  });

  it("shows the learner's skill profile with each level and where it came from", async () => {
    stubGateway({
      'GET /api/progress': () => progressOverviewReply(buildProgressOverview()),
      'GET /api/learner-skills': () =>
        learnerSkillsReply([
          buildAcquiredSkill({ skill: 'Python', level: 'strong', source: 'self-assessment' }),
          buildAcquiredSkill({ skill: 'Excel', level: 'basic', source: 'course' }),
        ]),
    });
    renderProgress();

    const skills = await screen.findAllByTestId('learner-skill');
    expect(skills.map((skill) => skill.textContent)).toEqual(['PythonSelf-assessedStrong', 'ExcelFrom a courseBasic']);
  });

  it('shows a failed load with the server message, and Retry loads the progress', async () => {
    let failing = true;
    stubGateway({
      'GET /api/progress': () =>
        failing
          ? jsonResponse({ statusCode: 503, message: 'The progress service is not answering' }, 503)
          : progressOverviewReply(activeLearner()),
      'GET /api/learner-skills': () => learnerSkillsReply([]),
    });
    renderProgress();

    const alert = await screen.findByTestId('load-failed');
    expect(alert.textContent).toContain('Your progress could not be loaded');
    expect(alert.textContent).toContain('The progress service is not answering');
    failing = false;
    fireEvent.click(within(alert).getByText('Retry'));
    expect(await screen.findAllByTestId('course-progress-item')).toHaveLength(3);
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('reads in Arabic, with Arabic course titles where the catalog has them', async () => {
    stubLearner(activeLearner());
    await act(() => changeLanguage('ar'));
    renderProgress();

    expect(await screen.findAllByTestId('course-progress-item')).toHaveLength(3);
    expect(screen.getByText('تقدّمي')).toBeTruthy();
    expect(screen.getAllByTestId('stat-card').map((card) => card.textContent)).toEqual([
      'التقدّم الإجمالي58%',
      'مكتملة1',
      'قيد التنفيذ1',
      'قيد الانتظار1',
    ]);
    expect(screen.getByText('تقدّم الدورات')).toBeTruthy();

    const inProgress = courseItem(IN_PROGRESS_ID);
    expect(within(inProgress).getByTestId('course-title').textContent).toBe('أساسيات SQL');
    expect(within(inProgress).getByTestId('course-status').textContent).toBe('قيد التنفيذ');
    expect(within(inProgress).getByText('تابع التعلّم')).toBeTruthy();
    expect(within(inProgress).getByTestId('course-overdue').textContent).toBe('متأخرة');
    // The catalog's "3 weeks", said in Arabic.
    expect(within(inProgress).getByTestId('course-duration').textContent).toBe(`${new Intl.NumberFormat('ar').format(3)} أسابيع`);
    // No Arabic title in the catalog: the catalog's title.
    expect(within(courseItem(PENDING_ID)).getByTestId('course-title').textContent).toBe('Data Visualisation');
    expect(within(courseItem(PENDING_ID)).getByText('ابدأ الدورة')).toBeTruthy();
    expect(within(courseItem(COMPLETED_ID)).getByTestId('course-completed-on').textContent).toBe(
      `اكتملت في ${day('2026-02-14T16:00:00.000Z', 'ar')}`,
    );

    expect(screen.getByText('ملخّص مسار التعلّم')).toBeTruthy();
    expect(screen.getByTestId('learning-path-months').textContent).toBe('برنامج مدته 6 أشهر');
    expect(screen.getAllByTestId('achievement-text').map((item) => item.textContent)).toEqual([
      'أكملت أساسيات إكسل',
      'بلغت مستوى عملي في Excel',
      'حقّقت هدف الربع 1: Data Analyst',
    ]);
    expect(screen.getByText('أحدث الإنجازات')).toBeTruthy();
  });

  it('marks a course deleted from the catalog in Arabic', async () => {
    stubLearner(learnerWithRemovedCourses());
    await act(() => changeLanguage('ar'));
    renderProgress();

    await screen.findAllByTestId('course-progress-item');
    const removed = courseItem(REMOVED_IN_PROGRESS_ID);
    expect(within(removed).getByTestId('course-title').textContent).toBe('أساسيات Tableau');
    expect(within(removed).getByTestId('course-removed').textContent).toBe('أُزيلت من الكتالوج');
    expect(within(removed).queryByText('تابع التعلّم')).toBeNull();
    expect(within(screen.getAllByTestId('deadline')[0]).getByTestId('deadline-removed').textContent).toBe('أُزيلت من الكتالوج');
  });
});
