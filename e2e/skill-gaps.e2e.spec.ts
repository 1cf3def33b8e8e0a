import { Browser, Page } from 'playwright-core';
import { callApiOk, demoLogin, launchBrowser, newPage, saveScreenshot, waitForAnimationsToSettle } from './support/browser';

interface Gap {
  skill: string;
  currentLevel: string;
  targetLevel: string;
}
interface Path {
  id: string;
  jobTitle: string;
  gaps: Gap[];
  courses: Array<{ title: string; covers: string[] }>;
}

/** Generates the Data Scientist path from the home page, as a learner does. */
async function generatePath(page: Page): Promise<Path> {
  await page.getByTestId('job-role-select').click();
  await page.locator('.ant-select-item-option[title="Data Scientist"]').click();
  await page.getByTestId('generate-button').click();
  await page.getByTestId('review-skills-modal').waitFor();
  await waitForAnimationsToSettle(page);
  await page.getByTestId('confirm-skills').click();
  await page.getByTestId('toast').filter({ hasText: 'Learning path generated successfully' }).first().waitFor();
  const [path] = (await callApiOk<{ items: Path[] }>(page, 'GET', '/api/learning-paths')).items;
  return path;
}

async function readPath(page: Page, id: string): Promise<Path> {
  return (await callApiOk<{ learningPath: Path }>(page, 'GET', `/api/learning-paths/${id}`)).learningPath;
}

/** Picks a level in a gap row's "Your level" select. */
async function setLevel(page: Page, skill: string, levelLabel: string): Promise<void> {
  const row = page.locator(`[data-testid="skill-gap"][data-skill="${skill}"]`);
  await row.getByTestId('gap-self-assessment').click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${levelLabel}"]`).click();
}

/** A posting that says what level it expects of each skill, in English and in Arabic. */
const LEVELLED_POSTINGS = {
  en: {
    title: 'Senior Data Engineer',
    content: [
      'Requirements',
      '- Expert in SQL and data modelling',
      '- Strong Python skills',
      '- 5+ years of experience with Apache Spark',
      '- Working knowledge of Apache Airflow',
      '- Familiarity with Apache Kafka',
      '- Basic Excel',
    ].join('\n'),
  },
  ar: {
    title: 'مهندس بيانات أول',
    content: [
      'المتطلبات',
      '- خبرة متقدمة في SQL ونمذجة البيانات',
      '- إتقان لغة Python',
      '- 5 سنوات خبرة في Apache Spark',
      '- معرفة جيدة بـ Apache Airflow',
      '- إلمام بـ Apache Kafka',
      '- أساسيات Excel',
    ].join('\n'),
  },
} as const;

/**
 * Pastes the posting on the home page, checks the review shows the level it asks of `skill`,
 * confirms, and answers the learning path that confirming generated.
 */
async function pathFromPastedPosting(page: Page, posting: { title: string; content: string }, skill: string, expectedLevel: string): Promise<Path> {
  await page.goto('/');
  await page.getByTestId('open-upload-modal').click();
  await page.getByTestId('upload-job-description-modal').waitFor();
  await waitForAnimationsToSettle(page);
  await page.getByTestId('upload-job-description-modal').getByRole('tab').nth(1).click();
  await page.getByTestId('upload-text-title').fill(posting.title);
  await page.getByTestId('upload-text-content').fill(posting.content);
  await page.getByTestId('upload-text-submit').click();
  await page.getByTestId('review-skills-modal').waitFor();
  await page.getByTestId('upload-job-description-modal').waitFor({ state: 'hidden' });
  await waitForAnimationsToSettle(page);
  const row = page.locator(`[data-testid="review-skill"][data-skill-name="${skill}"]`);
  expect(await row.getByTestId('skill-level').textContent()).toBe(expectedLevel);
  await page.getByTestId('confirm-skills').click();
  await page.getByTestId('skills-confirmed').waitFor();
  const { items } = await callApiOk<{ items: Path[] }>(page, 'GET', '/api/learning-paths');
  const path = items.find((item) => item.jobTitle === posting.title);
  if (!path) throw new Error(`no learning path for ${posting.title}`);
  return readPath(page, path.id);
}

/** The target level of each gap row, as the screen shows it ("None → Expert" gives "Expert"). */
async function shownTargets(page: Page): Promise<string[]> {
  await page.getByTestId('skill-gap').first().waitFor();
  const cells = await page.getByTestId('gap-levels').allTextContents();
  return cells.map((text) => text.split(/\s*[→←]\s*/).pop() ?? '');
}

/** Where each skill name and each bar is drawn, in page pixels. */
async function chartGeometry(page: Page) {
  return page.getByTestId('skill-gap-chart').evaluate((chart) => {
    const boxes = (selector: string) => Array.from(chart.querySelectorAll(selector)).map((element) => element.getBoundingClientRect());
    return {
      names: boxes('[data-testid="gap-chart-skill"]').map((box) => ({ left: box.left, right: box.right })),
      bars: boxes('[data-testid="gap-chart-current"], [data-testid="gap-chart-target"]').map((box) => ({ left: box.left, right: box.right })),
      levels: Array.from(chart.querySelectorAll('[data-testid="gap-chart-level"]')).map((text) => ({
        label: text.textContent ?? '',
        x: text.getBoundingClientRect().left,
      })),
    };
  });
}

/**
 * The gap view of a path a learner just generated: real levels, the course closing each gap, setting
 * one's own level right there (the path re-plans), plan dates in the Gulf's two calendars, and the
 * chart mirrored in Arabic with the names beside the bars.
 */
describe('the skill gap view', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows levels, re-plans on a self-assessment, and gives Hijri and Gregorian dates, in English and Arabic', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    const path = await generatePath(page);
    expect(path.gaps.length).toBeGreaterThan(2);

    await page.goto(`/learning-paths/${path.id}`);
    await page.getByTestId('skill-gap-chart').waitFor();
    const rows = page.getByTestId('skill-gap');
    expect(await rows.count()).toBe(path.gaps.length);
    const [first, second] = path.gaps;
    const firstRow = page.locator(`[data-testid="skill-gap"][data-skill="${first.skill}"]`);
    expect(await firstRow.getByTestId('gap-levels').textContent()).toMatch(/^\w+ → \w+$/);
    const closing = path.courses.find((course) => course.covers.includes(first.skill));
    if (closing) expect(await firstRow.getByTestId('gap-closed-by').textContent()).toContain(closing.title);

    // English: Gregorian dates, the Hijri day in a tooltip the keyboard opens.
    const start = page.getByTestId('path-facts').getByTestId('plan-date');
    expect(await start.textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await start.focus();
    expect(await page.getByRole('tooltip').filter({ hasText: 'Hijri (Umm al-Qura)' }).textContent()).toMatch(/AH$/);
    await saveScreenshot(page, 'skill-gaps-en');

    // The learner already holds the first gap's skill at expert level: the gap closes and the path re-plans.
    await setLevel(page, first.skill, 'Expert');
    await page.getByTestId('toast').filter({ hasText: 'Learning path updated' }).first().waitFor();
    await firstRow.waitFor({ state: 'detached' });
    const replanned = await readPath(page, path.id);
    expect(replanned.gaps.map((gap) => gap.skill)).not.toContain(first.skill);
    const learnerSkills = await callApiOk<{ skills: Array<{ skill: string; level: string }> }>(page, 'GET', '/api/learner-skills');
    expect(learnerSkills.skills).toContainEqual(expect.objectContaining({ skill: first.skill, level: 'expert' }));

    // Arabic: the same screen right to left, dates in both calendars, names beside the mirrored bars.
    await page.evaluate(() => localStorage.setItem('masar.language', 'ar'));
    await page.goto(`/learning-paths/${path.id}`);
    await page.getByTestId('skill-gap-chart').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('gap-chart-target').first().waitFor();
    expect(await page.getByTestId('path-facts').getByTestId('plan-date').textContent()).toMatch(/^.+ هـ الموافق .+$/);
    expect(await page.getByTestId('timeline-milestone').first().textContent()).toMatch(/هـ الموافق/);

    const geometry = await chartGeometry(page);
    expect(geometry.names.length).toBe(replanned.gaps.length);
    const barsRight = Math.max(...geometry.bars.map((bar) => bar.right));
    // Every name stands right of every bar (never over one), and levels grow leftwards: none on the right.
    for (const name of geometry.names) expect(name.left).toBeGreaterThanOrEqual(barsRight - 1);
    expect(geometry.levels[0].x).toBeGreaterThan(geometry.levels[geometry.levels.length - 1].x);

    // Setting a level in Arabic re-plans too: the second gap's skill, now at its target level.
    await setLevel(page, second.skill, 'خبير');
    await page.getByTestId('toast').filter({ hasText: 'تم تحديث مسار التعلّم' }).first().waitFor();
    await page.locator(`[data-testid="skill-gap"][data-skill="${second.skill}"]`).waitFor({ state: 'detached' });
    expect((await readPath(page, path.id)).gaps.map((gap) => gap.skill)).not.toContain(second.skill);
    await saveScreenshot(page, 'skill-gaps-ar');
    // The demo learner's paths are shared by the run's specs: leave none behind.
    await callApiOk(page, 'DELETE', `/api/learning-paths/${path.id}`);
    await context.close();
  }, 240_000);

  it('targets the level each posting asks for, so gaps differ, in English and Arabic', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    const created: Path[] = [];
    try {
      // English: "Expert in SQL", "Strong Python", "Familiarity with Kafka"... under a Senior title.
      const english = await pathFromPastedPosting(page, LEVELLED_POSTINGS.en, 'SQL', 'Expert');
      created.push(english);
      const targetOf = (path: Path, skill: string) => path.gaps.find((gap) => gap.skill === skill)?.targetLevel;
      expect([targetOf(english, 'SQL'), targetOf(english, 'Python'), targetOf(english, 'Apache Airflow'), targetOf(english, 'Apache Kafka')]).toEqual([
        'expert',
        'strong',
        'working',
        'basic',
      ]);
      await page.goto(`/learning-paths/${english.id}`);
      const targets = await shownTargets(page);
      expect(targets).toHaveLength(english.gaps.length);
      expect(new Set(targets).size).toBeGreaterThanOrEqual(2);
      expect(targets).toEqual(expect.arrayContaining(['Expert', 'Basic']));
      await saveScreenshot(page, 'skill-gap-levels-en');

      // Arabic: "خبرة متقدمة في", "إتقان", "إلمام بـ"... under "أول", read and shown in Arabic.
      await page.evaluate(() => localStorage.setItem('masar.language', 'ar'));
      const arabic = await pathFromPastedPosting(page, LEVELLED_POSTINGS.ar, 'SQL', 'خبير');
      created.push(arabic);
      expect([targetOf(arabic, 'SQL'), targetOf(arabic, 'Apache Spark'), targetOf(arabic, 'Apache Kafka')]).toEqual(['expert', 'strong', 'basic']);
      await page.goto(`/learning-paths/${arabic.id}`);
      const arabicTargets = await shownTargets(page);
      expect(new Set(arabicTargets).size).toBeGreaterThanOrEqual(2);
      expect(arabicTargets).toEqual(expect.arrayContaining(['خبير', 'أساسي']));
      await saveScreenshot(page, 'skill-gap-levels-ar');
    } finally {
      // The demo learner's paths and postings are shared by the run's specs: leave none behind.
      for (const path of created) await callApiOk(page, 'DELETE', `/api/learning-paths/${path.id}`);
      const { items } = await callApiOk<{ items: Array<{ id: string; title: string }> }>(page, 'GET', '/api/job-descriptions?pageSize=50');
      const titles: string[] = [LEVELLED_POSTINGS.en.title, LEVELLED_POSTINGS.ar.title];
      for (const posting of items.filter((item) => titles.includes(item.title))) await callApiOk(page, 'DELETE', `/api/job-descriptions/${posting.id}`);
      await context.close();
    }
  }, 240_000);
});
