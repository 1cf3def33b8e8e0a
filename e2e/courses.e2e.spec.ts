import { Browser } from 'playwright-core';
import { demoLogin, launchBrowser, newPage } from './support/browser';

/**
 * The seeded course catalog through the whole stack: svc-courses loads it on first start, the
 * gateway serves it, mf-courses shows the list, a course's modules and a lesson's real text.
 */
describe('course catalog', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('finds a seeded course by search, opens it and reads a lesson with its key points', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.goto('/courses');
    // svc-courses seeds its catalog in the background after its first start.
    await page.getByTestId('course-card').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('courses-search').fill('kubernetes');
    const card = page.getByTestId('course-card').filter({ hasText: 'Containers and Kubernetes Fundamentals' });
    await card.first().waitFor();
    await card.first().click();

    await page.getByTestId('course-detail').waitFor();
    expect(await page.getByTestId('course-module').count()).toBeGreaterThanOrEqual(3);
    await page.getByTestId('course-lesson').first().click();
    const content = page.getByTestId('lesson-content');
    await content.waitFor();
    // Real instructional text, not filler: the seed rules ask for at least 150 words a reading lesson.
    const words = ((await content.textContent()) ?? '').split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(150);

    // Next walks the whole course in order, across module boundaries; Previous comes back.
    const position = page.getByTestId('lesson-position');
    expect(await position.textContent()).toMatch(/^Lesson 1 of \d+$/);
    const modulesSeen = new Set([await page.getByTestId('lesson-module').textContent()]);
    for (let lessonNumber = 2; lessonNumber <= 5; lessonNumber += 1) {
      await page.getByTestId('next-lesson').click();
      await page.waitForFunction(
        (expected) => document.querySelector('[data-testid="lesson-position"]')?.textContent?.startsWith(expected),
        `Lesson ${lessonNumber} of`,
      );
      modulesSeen.add(await page.getByTestId('lesson-module').textContent());
    }
    expect(modulesSeen.size).toBeGreaterThanOrEqual(2);
    await page.getByTestId('previous-lesson').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-position"]')?.textContent?.startsWith('Lesson 4 of'));
    await context.close();
  });

  it('shows external training with its provider and a link that opens the provider in a new tab', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.goto('/courses?kind=external');
    const link = page.getByTestId('external-course-link').first();
    await link.waitFor({ timeout: 30_000 });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    await context.close();
  });
});
