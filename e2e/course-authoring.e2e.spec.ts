import path from 'node:path';
import { Browser, Locator, Page } from 'playwright-core';
import { chooseLanguage, launchBrowser, newPage, openTab, saveScreenshot, signIn } from './support/browser';

/**
 * Creating courses as an admin through the whole stack: the Create dialog, the gateway, svc-courses
 * (its creation tasks on Bull and Redis, documents through the JetStream object store) and svc-ai.
 */
const DOCUMENTS = path.resolve(__dirname, '../svc-courses/test/fixtures/documents');

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, 'admin', 'admin123');
}

/** Opens the Create dialog; its fields are looked up inside it (course cards use some of the same test ids). */
async function openCreateDialog(page: Page): Promise<Locator> {
  await page.goto('/courses');
  await page.getByTestId('courses-create').click();
  const dialog = page.getByTestId('create-course-dialog');
  await dialog.waitFor();
  return dialog;
}

async function courseHeading(page: Page): Promise<string> {
  return (await page.getByTestId('course-detail').getByRole('heading', { level: 2 }).first().textContent()) ?? '';
}

async function moduleTitles(page: Page): Promise<string> {
  await page.getByTestId('course-module').first().waitFor({ timeout: 30_000 });
  return (await page.getByTestId('course-module').allTextContents()).join(' | ');
}

describe('creating courses', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it("says what is missing in the spec's words and creates nothing", async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const dialog = await openCreateDialog(page);
    await dialog.getByTestId('course-title').fill('');
    await dialog.getByTestId('course-department').fill('');
    await dialog.getByTestId('manual-create-submit').click();
    await page.getByText('Title is required').waitFor();
    await page.getByText('Department is required').waitFor();
    await context.close();
  });

  it('creates a course by hand whose lessons come from the library, each citing its source, then deletes it', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const dialog = await openCreateDialog(page);
    const title = `Running Scrum Sprints ${Date.now()}`;
    await dialog.getByTestId('course-title').fill(title);
    await dialog
      .getByTestId('course-description')
      .fill('How a Scrum team plans, runs and reviews a sprint: the Product Backlog, sprint planning, daily scrums and retrospectives.');
    await dialog.getByTestId('course-abbreviation-input').fill('RSS');
    await dialog.getByTestId('course-modules').fill('2');
    await dialog.getByTestId('course-lessons').fill('3');
    await dialog.getByTestId('manual-create-submit').click();

    await page.getByText('Course created successfully').waitFor({ timeout: 60_000 });
    await page.getByTestId('course-detail').waitFor();
    expect(await courseHeading(page)).toContain(title);
    // The module list renders after the heading: wait for it before counting.
    await page.getByTestId('course-module').first().waitFor();
    expect(await page.getByTestId('course-module').count()).toBe(2);

    await page.getByTestId('course-lesson').first().click();
    const sources = page.getByTestId('lesson-source');
    await sources.first().waitFor();
    // Offline, the lesson is a catalog lesson's own text, and it says which one.
    expect(await sources.first().textContent()).toMatch(/Agile and Scrum in Practice/);
    const words = ((await page.getByTestId('lesson-content').textContent()) ?? '').split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(100);
    await saveScreenshot(page, 'course-created-by-hand-lesson-en');

    await page.getByTestId('back-to-course').click();
    await page.getByTestId('delete-course').click();
    await page.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`).waitFor();
    await page.getByTestId('confirm-delete-course').click();
    await page.getByText('Course deleted successfully').waitFor();
    await page.waitForURL(/\/courses$/);
    await page.getByTestId('courses-search').fill(title);
    await page.getByText('No courses match your filters').waitFor();
    await context.close();
  });

  it('adds two modules of two lessons to a course', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const dialog = await openCreateDialog(page);
    await dialog.getByTestId('course-title').fill(`Negotiation for Buyers ${Date.now()}`);
    await dialog.getByTestId('course-description').fill('Prepare, open and close negotiations with suppliers.');
    await dialog.getByTestId('course-modules').fill('1');
    await dialog.getByTestId('course-lessons').fill('2');
    await dialog.getByTestId('manual-create-submit').click();
    await page.getByTestId('course-detail').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('course-module').count()).toBe(1);
    await page.getByTestId('add-modules').click();
    await page.getByText('Successfully added 2 modules with 4 lessons to the course').waitFor({ timeout: 60_000 });
    await page.getByTestId('course-module').nth(2).waitFor();
    expect(await page.getByTestId('course-module').count()).toBe(3);
    await context.close();
  });

  it.each([
    ['workplace-safety.docx', 'DOCX'],
    ['workplace-safety.pdf', 'PDF'],
  ])('turns an uploaded %s into a course whose modules follow its headings', async (fileName, kind) => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const dialog = await openCreateDialog(page);
    await openTab(dialog, page, 'Upload PDF');
    await dialog.getByTestId('upload-course-input').setInputFiles(path.join(DOCUMENTS, fileName));
    await dialog.getByTestId('upload-course-submit').click();
    await page.getByTestId('creation-progress').waitFor();
    await page.getByText('Course created successfully').waitFor({ timeout: 60_000 });
    await page.getByTestId('course-detail').waitFor();
    expect(await moduleTitles(page)).toMatch(/Hazard Identification.*Risk Assessment.*Incident Reporting/);
    await saveScreenshot(page, `course-from-${kind.toLowerCase()}-en`);
    await context.close();
  });

  it('turns a manual form with a DOCX of materials into a course in Arabic, right to left', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await chooseLanguage(page, 'العربية');
    const dialog = await openCreateDialog(page);
    await dialog.getByRole('tab', { name: 'إنشاء يدوي' }).waitFor();
    const title = `السلامة في مكان العمل ${Date.now()}`;
    await dialog.getByTestId('course-title').fill(title);
    await dialog.getByTestId('course-description').fill('أساسيات تحديد المخاطر وتقييمها والإبلاغ عن الحوادث.');
    await dialog.getByTestId('manual-materials-input').setInputFiles(path.join(DOCUMENTS, 'workplace-safety-ar.docx'));
    await dialog.getByTestId('manual-create-submit').click();
    await page.getByTestId('creation-progress').waitFor();
    await page.getByTestId('course-detail').waitFor({ timeout: 60_000 });
    expect(await moduleTitles(page)).toMatch(/تحديد المخاطر.*تقييم المخاطر.*الإبلاغ عن الحوادث/);
    await saveScreenshot(page, 'course-from-docx-ar');
    // The language is saved in the admin's profile too: switch back, so later tests sign in to English.
    await chooseLanguage(page, 'English');
    await context.close();
  });
});
