import { Browser, Page } from 'playwright-core';
import type { Result } from 'axe-core';
import { checkScreenOnce, findAccessibilityViolations, takeAccessibilityFailures, violationsInBoth } from './support/accessibility';
import { callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, signIn, waitForAnimationsToSettle } from './support/browser';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' };

interface Screen {
  path: string;
  /** What shows once the screen is there (a test id). */
  ready: string;
}

interface CourseList {
  items: Array<{ id: string; title: string; kind?: string }>;
}
interface CourseDetail {
  id: string;
  modules: Array<{ lessons: Array<{ id: string; type: string }> }>;
}

/** Waits for a screen, its remote and its data; spinners and skeletons gone, animations ended. */
async function waitForScreen(page: Page, screen: Screen): Promise<void> {
  await page.getByTestId(screen.ready).first().waitFor({ timeout: 20_000 });
  await page
    .waitForFunction(() => document.querySelector('.ant-spin-spinning, .ant-skeleton-active') === null, undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await waitForAnimationsToSettle(page, { timeout: 5_000 }).catch(() => undefined);
}

/**
 * Opens each screen in turn, the way the portal's own links do (the router follows the history, no
 * reload: each remote loads once), and checks it with axe (support/accessibility.ts); failures are
 * listed after the test.
 */
async function checkScreens(page: Page, screens: Screen[]): Promise<void> {
  for (const screen of screens) {
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, screen.path);
    await page.waitForURL((url) => url.pathname === screen.path.split('?')[0]);
    await waitForScreen(page, screen);
    await checkScreenOnce(page, { structure: true });
  }
}

/** Every failure of the test, each with its rule, impact, help and elements, in one readable list. */
function expectNoViolations(): void {
  const failures = takeAccessibilityFailures();
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}

/** A published internal course with lessons, and one of its reading lessons, from the catalog. */
async function courseWithLesson(page: Page): Promise<{ courseId: string; lessonId: string }> {
  const list = await callApiOk<CourseList>(page, 'GET', '/api/courses?kind=internal&page=1&pageSize=12');
  for (const summary of list.items) {
    const { course } = await callApiOk<{ course: CourseDetail }>(page, 'GET', `/api/courses/${summary.id}`);
    const lesson = course.modules.flatMap((module) => module.lessons)[0];
    if (lesson) return { courseId: course.id, lessonId: lesson.id };
  }
  throw new Error('No course of the catalog has a lesson');
}

/** The demo learner's path: the one they have, or one generated from a predefined role the way a learner does. */
async function learningPathId(page: Page): Promise<string> {
  const existing = await callApiOk<{ items: Array<{ id: string }> }>(page, 'GET', '/api/learning-paths');
  if (existing.items[0]) return existing.items[0].id;
  await page.goto('/');
  await page.getByTestId('job-role-select').click();
  await page.locator('.ant-select-item-option[title="Data Scientist"]').click();
  await page.getByTestId('generate-button').click();
  await page.getByTestId('review-skills-modal').waitFor();
  await waitForAnimationsToSettle(page);
  if (await page.getByTestId('confirm-skills').isDisabled()) {
    await page.getByTestId('review-skill').first().locator('input[type="checkbox"]').check();
  }
  await page.getByTestId('confirm-skills').click();
  await page.getByTestId('learning-path-overview').getByTestId('path-summary').waitFor();
  const created = await callApiOk<{ items: Array<{ id: string }> }>(page, 'GET', '/api/learning-paths');
  // Home as the learner finds it when they come back: the role selector, not the review just confirmed.
  await page.reload();
  await page.getByTestId('job-role-selector').waitFor();
  return created.items[0].id;
}

function learnerScreens(course: { courseId: string; lessonId: string }, pathId: string): Screen[] {
  return [
    { path: '/', ready: 'job-role-selector' },
    { path: '/job-roles', ready: 'job-roles-page' },
    { path: '/courses', ready: 'courses-page' },
    { path: `/courses/${course.courseId}`, ready: 'course-modules' },
    { path: `/courses/${course.courseId}/lessons/${course.lessonId}`, ready: 'lesson-view' },
    { path: '/course-search', ready: 'course-search-page' },
    { path: '/learning-paths', ready: 'learning-paths-page' },
    { path: `/learning-paths/${pathId}`, ready: 'learning-path-detail' },
    { path: '/progress', ready: 'progress-page' },
    { path: '/ai-agents', ready: 'agents-page' },
    { path: '/account/password', ready: 'change-password-page' },
    { path: '/account/ai-use', ready: 'ai-use-page' },
    { path: '/dashboard', ready: 'not-allowed' },
    { path: '/no-such-page', ready: 'not-found' },
  ];
}

function adminScreens(course: { courseId: string; lessonId: string }): Screen[] {
  return [
    { path: '/', ready: 'job-role-selector' },
    { path: '/dashboard', ready: 'dashboard-page' },
    { path: '/admin/people', ready: 'people-table' },
    { path: '/courses', ready: 'courses-page' },
    { path: `/courses/${course.courseId}`, ready: 'course-modules' },
    { path: `/courses/${course.courseId}/lessons/${course.lessonId}`, ready: 'lesson-view' },
    { path: '/job-roles', ready: 'job-roles-page' },
    { path: '/learning-paths', ready: 'learning-paths-page' },
    { path: '/progress', ready: 'progress-page' },
    { path: '/ai-agents', ready: 'agents-page' },
    { path: '/ai-agents/prompts', ready: 'prompts-page' },
    { path: '/ai-agents/governance', ready: 'governance-page' },
    { path: '/quality', ready: 'quality-page' },
  ];
}

/**
 * WCAG 2.2 AA, serious and critical, on every route: signed out, as the learner and as an admin, in
 * English and in Arabic (issue 15), and the order of headings there (no level skipped). The other
 * browser tests check the screens they pass through for WCAG as well; this one makes sure none is left out.
 */
describe('every screen is accessible', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const language of ['en', 'ar'] as const) {
    it(`signed out, in ${language === 'en' ? 'English' : 'Arabic'}: the landing page and the login screen`, async () => {
      const { context, page } = await newPage(browser);
      await context.addInitScript((chosen) => localStorage.setItem('masar.language', chosen), language);
      await page.goto('/');
      await checkScreens(page, [{ path: '/', ready: 'landing-hero' }]);
      // The lean landing page has no router to follow the history: a visitor reaches the login screen
      // by its Login button, which loads the full portal.
      await page.getByTestId('landing-login').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await waitForScreen(page, { path: '/login', ready: 'login-screen' });
      await checkScreenOnce(page, { structure: true });
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      await context.close();
      expectNoViolations();
    });
  }

  it('as the learner, in English and in Arabic: every route a learner opens', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    const screens = learnerScreens(await courseWithLesson(page), await learningPathId(page));
    try {
      await checkScreens(page, screens);
      await page.goto('/');
      await chooseLanguage(page, 'العربية');
      await checkScreens(page, screens);
    } finally {
      // The demo learner's profile keeps the choice: back to English for the tests that follow.
      await chooseLanguage(page, 'English');
    }
    await context.close();
    expectNoViolations();
  }, 300_000);

  it('as an admin, in English and in Arabic: every route, the admin areas too', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    const screens = adminScreens(await courseWithLesson(page));
    try {
      await checkScreens(page, screens);
      await page.goto('/');
      await chooseLanguage(page, 'العربية');
      await checkScreens(page, screens);
    } finally {
      await chooseLanguage(page, 'English');
    }
    await context.close();
    expectNoViolations();
  }, 300_000);
});

/** The check the other browser tests lean on: what it keeps and what it lets go. */
describe('the axe check itself', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('still reports grey text that stays grey, though it now looks twice', async () => {
    const { context, page } = await newPage(browser);
    await page.setContent(
      '<html lang="en"><head><title>Contrast</title></head><body><main><h1>Contrast</h1>' +
        '<button id="faint" style="color:#b0b0b0;background:#ffffff">Mark as Complete</button>' +
        '<button id="clear" style="color:#ffffff;background:#0f766e">Save</button></main></body></html>',
    );
    const violations = await findAccessibilityViolations(page);
    expect(violations.map((violation) => [violation.id, violation.nodes.map((node) => node.target.join(' '))])).toEqual([
      ['color-contrast', ['#faint']],
    ]);
    await context.close();
  });

  it('keeps an element only if it broke the same rule both times', () => {
    const violation = (id: string, targets: string[]) =>
      ({ id, impact: 'serious', nodes: targets.map((target) => ({ target: [target] })) }) as unknown as Result;
    const first = [violation('color-contrast', ['#steady', '#mid-transition']), violation('button-name', ['#icon'])];
    const second = [violation('color-contrast', ['#steady', '#icon']), violation('label', ['#mid-transition'])];
    expect(violationsInBoth(first, second)).toEqual([violation('color-contrast', ['#steady'])]);
    expect(violationsInBoth(first, [])).toEqual([]);
  });
});
