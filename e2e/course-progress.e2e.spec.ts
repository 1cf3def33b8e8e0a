import { Browser } from 'playwright-core';
import { demoLogin, launchBrowser, newPage, saveScreenshot } from './support/browser';

/**
 * A learner's progress through a seeded course: svc-progress records each completed lesson and the
 * course detail's Course Progress bar and lesson checks come from it, across reloads.
 */
describe('course progress', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('completing lessons moves the course progress bar and checks the lessons off, and it stays after a reload', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.goto('/courses?q=Excel');
    const card = page.getByTestId('course-card').filter({ hasText: 'Excel Essentials for Everyday Work' });
    await card.first().waitFor({ timeout: 30_000 });
    await card.first().click();
    await page.getByTestId('course-detail').waitFor();
    const count = page.getByTestId('course-progress-count');
    await count.waitFor();
    // Every lesson of every module counts, not only the first module's (the one open).
    const before = /(\d+) of (\d+) lessons completed/.exec((await count.textContent()) ?? '');
    expect(before?.[1]).toBe('0');
    const total = Number(before?.[2]);
    expect(total).toBeGreaterThanOrEqual(8);

    for (const lessonIndex of [0, 1]) {
      await page.getByTestId('course-lesson').nth(lessonIndex).click();
      await page.getByTestId('mark-lesson-complete').click();
      await page.getByText('Lesson completed').first().waitFor();
      await page.getByTestId('lesson-completed-button').waitFor();
      await page.getByTestId('back-to-course').click();
      await page.getByTestId('course-detail').waitFor();
    }

    await page.reload();
    await page.getByTestId('course-progress-count').waitFor();
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="course-progress-count"]')?.textContent?.includes(expected),
      `2 of ${total} lessons completed`,
    );
    expect(await page.getByTestId('lesson-completed').count()).toBe(2);
    await saveScreenshot(page, 'course-progress-en');
    await context.close();
  });
});
