import { Browser } from 'playwright-core';
import { callApiOk, demoLogin, launchBrowser, newPage, saveScreenshot, signIn, waitForAnimationsToSettle } from './support/browser';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' };

interface PathCourse {
  courseId: string;
  title: string;
  titleAr: string | null;
  kind: string;
}
interface Path {
  id: string;
  jobTitle: string;
  courses: PathCourse[];
}

/**
 * From a role's reviewed skills to a dated plan and real progress: generate the path on the home
 * page, see its months and courses, finish a course of it, and see the progress screen and the
 * admin dashboard change; the path screen in Arabic too.
 */
describe('learning paths and progress', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('generates a path from a role, shows its months and courses, and completing a course shows on /progress and the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.getByTestId('job-role-select').click();
    await page.locator('.ant-select-item-option[title="Data Scientist"]').click();
    await page.getByTestId('generate-button').click();
    await page.getByTestId('review-skills-modal').waitFor();
    await waitForAnimationsToSettle(page);
    if (await page.getByTestId('confirm-skills').isDisabled()) {
      await page.getByTestId('review-skill').first().locator('input[type="checkbox"]').check();
    }
    await page.getByTestId('confirm-skills').click();
    await page.getByTestId('toast').filter({ hasText: 'Learning path generated successfully' }).first().waitFor();

    // The home page shows the new path: steps, summary and its courses.
    const overview = page.getByTestId('learning-path-overview');
    await overview.waitFor();
    await overview.getByTestId('path-summary').waitFor();
    const [path] = (await callApiOk<{ items: Path[] }>(page, 'GET', '/api/learning-paths')).items;
    expect(path.jobTitle).toBe('Data Scientist');
    expect(path.courses.length).toBeGreaterThan(0);
    await overview.getByTestId('path-course-list').getByText(path.courses[0].title).first().waitFor();
    await saveScreenshot(page, 'home-learning-path-en');

    // The path screen: a month-by-month timeline and the course list.
    await page.goto(`/learning-paths/${path.id}`);
    await page.getByTestId('learning-paths-page').waitFor();
    await page.getByTestId('path-timeline').waitFor();
    await page.getByTestId('path-course-list').getByText(path.courses[0].title).first().waitFor();
    await saveScreenshot(page, 'learning-path-en');

    // Finish every lesson of the path's first internal course, as the lesson view reports them.
    const internal = path.courses.find((course) => course.kind === 'internal');
    expect(internal).toBeDefined();
    const { course } = await callApiOk<{ course: { modules: { lessons: { id: string }[] }[] } }>(page, 'GET', `/api/courses/${internal?.courseId}`);
    for (const lesson of course.modules.flatMap((module) => module.lessons)) {
      await callApiOk(page, 'POST', `/api/progress/lessons/${lesson.id}`, {
        courseId: internal?.courseId,
        status: 'completed',
        secondsSpent: 60,
      });
    }

    await page.goto('/progress');
    await page.getByTestId('progress-page').waitFor();
    const item = page.getByTestId('course-progress-item').filter({ hasText: internal?.title ?? '' });
    await item.getByTestId('course-completed-on').first().waitFor();
    await page.getByTestId('achievement').filter({ hasText: `Completed ${internal?.title}` }).first().waitFor();
    await page.getByTestId('learning-path-summary').getByText('Data Scientist').first().waitFor();
    await saveScreenshot(page, 'progress-en');

    // In Arabic the path screen reads right to left, in Arabic.
    await page.evaluate(() => localStorage.setItem('masar.language', 'ar'));
    await page.goto(`/learning-paths/${path.id}`);
    await page.getByTestId('learning-paths-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('path-timeline').waitFor();
    await saveScreenshot(page, 'learning-path-ar');

    // …and so does the progress screen, with the same real figures.
    await page.goto('/progress');
    await page.getByTestId('progress-page').waitFor();
    await page.getByText('التقدّم الإجمالي').first().waitFor();
    const arabicTitle = internal?.titleAr ?? internal?.title ?? '';
    await page.getByTestId('course-progress-item').filter({ hasText: arabicTitle }).getByTestId('course-completed-on').first().waitFor();
    await saveScreenshot(page, 'progress-ar');
    await context.close();

    // The admin dashboard counts the path and lists the newest activity: the course just completed (the
    // path's generation is older than its lessons' completions, which may push it out of the last ten).
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.goto('/dashboard');
    await admin.page.getByTestId('dashboard-page').waitFor();
    await admin.page.getByTestId('recent-path').filter({ hasText: 'Data Scientist' }).first().waitFor();
    await admin.page.getByTestId('activity').filter({ hasText: `Course completed: ${internal?.title}` }).first().waitFor();
    const stats = await callApiOk<{ activeLearningPaths: number; availableCourses: number }>(admin.page, 'GET', '/api/admin/stats');
    expect(stats.activeLearningPaths).toBeGreaterThan(0);
    expect(stats.availableCourses).toBeGreaterThan(0);
    await saveScreenshot(admin.page, 'dashboard-en');
    await admin.context.close();
  });
});
