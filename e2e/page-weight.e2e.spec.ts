import type { Browser } from 'playwright-core';
import { kilobytes, measurePageWeights, type PageWeight } from '../deploy/bench/page-weight';
import { PAGE_WEIGHT_BUDGETS } from './page-weight-budgets';
import { BASE_URL, deleteOwnLearningPaths, demoLogin, launchBrowser, newPage } from './support/browser';

/**
 * Issue 15's page weights as a test: the compressed JavaScript each main page downloads, from the
 * browser's own network log, against its budget. Bytes are deterministic for a build, so this can
 * fail only when a change makes a page heavier; timings stay in `npm run bench:web`.
 */
describe('page weight', () => {
  let browser: Browser;
  let pages: PageWeight[];

  beforeAll(async () => {
    browser = await launchBrowser();
    // Measured as a learner without a learning path sees the pages, whatever the run's other specs left.
    // (A path with gaps shows the gap chart, drawn with CSS boxes since recharts, about 88 KB, left.)
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await deleteOwnLearningPaths(page);
    await context.close();
    pages = await measurePageWeights(browser, BASE_URL);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('measures every page that has a budget', () => {
    expect(pages.map((page) => page.name).sort()).toEqual(Object.keys(PAGE_WEIGHT_BUDGETS).sort());
  });

  it.each(Object.keys(PAGE_WEIGHT_BUDGETS))('%s stays within its JavaScript budget', (name) => {
    const page = pages.find((measured) => measured.name === name);
    if (!page) throw new Error(`${name} was not measured`);
    const { budget, target } = PAGE_WEIGHT_BUDGETS[name];
    // On failure the scripts say what grew.
    const report = {
      name,
      kilobytes: kilobytes(page.jsBytes),
      withinBudget: page.jsBytes <= budget,
      budget: kilobytes(budget),
      target: kilobytes(target),
      scripts: page.scripts.map((script) => `${kilobytes(script.bytes)} ${new URL(script.url).pathname}`),
    };
    expect(report).toEqual({ ...report, withinBudget: true });
  });
});
