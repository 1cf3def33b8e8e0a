import { Browser, Page } from 'playwright-core';
import { acceptAiNoticeInForce, callApi, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot } from './support/browser';

/**
 * Course search through the whole stack (issue 13): svc-courses indexes the seeded lessons, reads the
 * query through the skill taxonomy and answers with cited passages; the six learning helpers run on a
 * result. The demo learner searches in English and in Arabic.
 */

/** The seeded lesson on pivot tables (Excel Essentials for Everyday Work › Summarising and Presenting Data). */
const PIVOT_LESSON = 'Pivot tables step by step';
const KUBERNETES_COURSE = 'Containers and Kubernetes Fundamentals';
/** Spec names of the six helpers, in the order the page shows them. */
const HELPERS = ['Smart Summary', 'Knowledge Quiz', 'Deep Understanding', 'Creative Thinking', 'Visual Expansion', 'Hands-on Practice'];

const RESULTS_TIMEOUT = 30_000;

/**
 * svc-courses seeds and indexes its catalog in the background after its first start: waits, through
 * the API, until the seeded pivot-table lesson can be found, so the first search is not a race.
 */
async function waitForIndexedLibrary(page: Page): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await callApi<{ chunks?: { lessonTitle: string }[] }>(page, 'GET', '/api/courses/search?q=pivot%20tables&lang=en');
    if (answer.status === 200 && answer.body.chunks?.some((chunk) => chunk.lessonTitle === PIVOT_LESSON)) return;
    if (Date.now() > deadline) throw new Error(`The seeded lesson "${PIVOT_LESSON}" was never found: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    await page.waitForTimeout(1000);
  }
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByTestId('course-search-input');
  await box.fill(text);
  await box.press('Enter');
  await page.waitForFunction((expected) => new URLSearchParams(window.location.search).get('q') === expected, text);
  await page.locator('[data-testid="course-search-results"], [data-testid="course-search-nothing"]').first().waitFor({ timeout: RESULTS_TIMEOUT });
}

/** course › module › lesson of each result, in order. */
async function resultPaths(page: Page): Promise<string[]> {
  return page.getByTestId('course-search-result-path').allTextContents();
}

describe('course search', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  // Runs first: it waits for the library to be indexed.
  it('finds the lessons on pivot tables with an answer citing them, kept in the address across a reload', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await waitForIndexedLibrary(page);
    await page.goto('/course-search');
    await page.getByText('Search Your Course Library').waitFor();
    expect(await page.getByTestId('course-search-button').isDisabled()).toBe(true);

    await search(page, 'pivot tables');
    const paths = await resultPaths(page);
    expect(paths.slice(0, 5).some((path) => path.includes(PIVOT_LESSON))).toBe(true);
    // The matched words are marked in the previews.
    expect((await page.locator('[data-testid="course-search-result-preview"] mark').allTextContents()).some((mark) => /pivot/i.test(mark))).toBe(true);
    expect(Number(await page.getByTestId('course-search-count-lessons').locator('.ant-statistic-content-value').textContent())).toBeGreaterThan(0);

    // The answer cites [1]; the citation selects the first result and shows its whole text.
    const answer = page.getByTestId('course-search-answer');
    expect(await answer.getByTestId('course-search-answer-text').textContent()).toContain('[1]');
    await answer.getByTestId('course-search-citation').filter({ hasText: '[1]' }).first().click();
    const first = page.getByTestId('course-search-result').first();
    await first.and(page.locator('[data-selected="true"]')).waitFor();
    expect(((await first.getByTestId('course-search-full-text').textContent()) ?? '').length).toBeGreaterThan(50);
    await saveScreenshot(page, 'course-search-pivot-en');

    // A shared link or a reload runs the same search.
    await page.reload();
    await page.getByTestId('course-search-results').waitFor({ timeout: RESULTS_TIMEOUT });
    expect(await page.getByTestId('course-search-input').inputValue()).toBe('pivot tables');
    expect((await resultPaths(page)).slice(0, 5).some((path) => path.includes(PIVOT_LESSON))).toBe(true);

    // The result opens its lesson.
    await page.getByTestId('course-search-result').filter({ hasText: PIVOT_LESSON }).first().getByTestId('course-search-open').click();
    await page.getByTestId('lesson-view').waitFor();
    await context.close();
  }, 150_000);

  it('reads "k8s" as Kubernetes', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.goto('/course-search?q=k8s');
    await page.getByTestId('course-search-results').waitFor({ timeout: RESULTS_TIMEOUT });
    expect((await resultPaths(page)).slice(0, 5).some((path) => path.includes(KUBERNETES_COURSE))).toBe(true);
    await context.close();
  });

  it('answers honestly when the library has nothing on the subject', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.goto('/course-search');
    await search(page, 'quantum chromodynamics');
    await page.getByTestId('course-search-nothing').waitFor();
    expect(await page.getByTestId('course-search-nothing-answer').textContent()).toMatch(/nothing/i);
    expect(await page.getByTestId('course-search-result').count()).toBe(0);
    await context.close();
  });

  it('in Arabic, "الجداول المحورية" finds the English lessons on pivot tables, right to left', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    try {
      await chooseLanguage(page, 'العربية');
      await page.goto('/course-search');
      await page.getByText('ابحث في مكتبة دوراتك').waitFor();
      await search(page, 'الجداول المحورية');
      expect((await resultPaths(page)).some((path) => path.includes(PIVOT_LESSON))).toBe(true);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.getByText('المحتوى ذو الصلة').waitFor();
      // An English passage keeps its own language and direction inside the Arabic page.
      const preview = page.getByTestId('course-search-result').filter({ hasText: PIVOT_LESSON }).first().getByTestId('course-search-result-preview');
      expect(await preview.getAttribute('lang')).toBe('en');
      expect(await preview.getAttribute('dir')).toBe('ltr');
      await saveScreenshot(page, 'course-search-pivot-ar');
    } finally {
      await chooseLanguage(page, 'English');
      await context.close();
    }
  });

  it('runs each of the six learning helpers on a result, each with an answer', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await acceptAiNoticeInForce(page);
    await page.goto('/course-search');
    await search(page, 'pivot tables');
    const result = page.getByTestId('course-search-result').filter({ hasText: PIVOT_LESSON }).first();
    await result.getByTestId('course-search-result-toggle').click();
    const details = result.getByTestId('course-search-details');
    await details.waitFor();
    // The whole text is read when the result opens (the search answered its preview); the helpers work on it.
    await details.getByTestId('course-search-full-text').waitFor();
    expect(await details.getByTestId('learning-helper').allTextContents()).toEqual(HELPERS);

    for (const helper of HELPERS) {
      await details.getByRole('button', { name: helper }).click();
      const answer = details.getByTestId('learning-helper-answer');
      await answer.filter({ hasText: helper }).waitFor({ timeout: 30_000 });
      const text = ((await answer.getByTestId('learning-helper-markdown').textContent()) ?? '').trim();
      expect(text.length).toBeGreaterThan(20);
      expect(await details.getByTestId('learning-helper-error').count()).toBe(0);
    }
    await saveScreenshot(page, 'course-search-helpers');
    await context.close();
  }, 180_000);
});
