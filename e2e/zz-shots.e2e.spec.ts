import { Page } from 'playwright-core';
import { callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, waitForAnimationsToSettle } from './support/browser';

const OUT = `/tmp/a11y-shots/${process.env.SHOTS ?? 'before'}`;
async function settle(page: Page, id: string) {
  await page.getByTestId(id).first().waitFor({ timeout: 20000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('.ant-spin-spinning, .ant-skeleton-active') === null, undefined, { timeout: 10000 }).catch(() => undefined);
  await waitForAnimationsToSettle(page, { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}
it('shots', async () => {
  const browser = await launchBrowser();
  for (const lang of ['en', 'ar']) {
    const { context, page } = await newPage(browser);
    await context.addInitScript((l) => localStorage.setItem('masar.language', l), lang);
    await page.goto('/');
    await settle(page, 'landing-hero');
    await page.screenshot({ path: `${OUT}/landing-${lang}.png`, fullPage: true });
    await context.close();
  }
  const { context, page } = await newPage(browser);
  await demoLogin(page);
  const list = await callApiOk<{ items: Array<{ id: string }> }>(page, 'GET', '/api/courses?kind=internal&page=1&pageSize=12');
  let courseId = '', lessonId = '';
  for (const s of list.items) {
    const { course } = await callApiOk<{ course: { id: string; modules: Array<{ lessons: Array<{ id: string }> }> } }>(page, 'GET', `/api/courses/${s.id}`);
    const l = course.modules.flatMap((m) => m.lessons)[0];
    if (l) { courseId = course.id; lessonId = l.id; break; }
  }
  let paths = await callApiOk<{ items: Array<{ id: string }> }>(page, 'GET', '/api/learning-paths');
  if (!paths.items[0]) {
    await page.getByTestId('job-role-select').click();
    await page.locator('.ant-select-item-option[title="Data Scientist"]').click();
    await page.getByTestId('generate-button').click();
    await page.getByTestId('review-skills-modal').waitFor();
    await waitForAnimationsToSettle(page);
    if (await page.getByTestId('confirm-skills').isDisabled()) await page.getByTestId('review-skill').first().locator('input[type="checkbox"]').check();
    await page.getByTestId('confirm-skills').click();
    await page.getByTestId('learning-path-overview').getByTestId('path-summary').waitFor();
    paths = await callApiOk<{ items: Array<{ id: string }> }>(page, 'GET', '/api/learning-paths');
  }
  const screens: Array<[string, string, string]> = [
    ['home', '/', 'learning-path-overview'],
    ['courses', '/courses', 'courses-page'],
    ['course', `/courses/${courseId}`, 'course-modules'],
    ['lesson', `/courses/${courseId}/lessons/${lessonId}`, 'lesson-view'],
    ['learning-paths', `/learning-paths/${paths.items[0].id}`, 'learning-path-detail'],
    ['progress', '/progress', 'progress-page'],
  ];
  for (const lang of ['en', 'ar'] as const) {
    if (lang === 'ar') { await page.goto('/'); await chooseLanguage(page, 'العربية'); }
    for (const [name, path, id] of screens) {
      await page.goto(path);
      await settle(page, id);
      await page.screenshot({ path: `${OUT}/${name}-${lang}.png`, fullPage: true });
    }
  }
  await chooseLanguage(page, 'English');
  await context.close();
  await browser.close();
}, 300000);
