import path from 'node:path';
import { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, demoLogin, launchBrowser, newPage, openTab, saveScreenshot, signIn, waitForAnimationsToSettle } from './support/browser';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' };
const FIXTURES = path.resolve(__dirname, 'fixtures');
const PDF_FIXTURE = path.join(FIXTURES, 'senior-data-analyst.pdf');
const DOCX_FIXTURE = path.join(FIXTURES, 'product-manager.docx');
/** Marks this run's postings, so a search finds exactly them. */
const RUN = `e2e-${Date.now().toString(36)}`;

/** Postings this file created, deleted again at the end so other specs see the list they expect. */
const createdIds = new Set<string>();

// Not demo-job-generation: it answers the learner's own copy of the role, which stays theirs.
const CREATING_CALLS = /\/api\/job-descriptions\/(upload|text)$/;

function trackCreatedPostings(page: Page): void {
  page.on('response', async (response) => {
    if (response.request().method() !== 'POST' || !CREATING_CALLS.test(new URL(response.url()).pathname) || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { jobDescription?: { id?: string } } | null;
    if (body?.jobDescription?.id) createdIds.add(body.jobDescription.id);
  });
}

async function openSignedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  trackCreatedPostings(page);
  await demoLogin(page);
  return { context, page };
}

/** Waits for a toast with this title (and description); only one toast shows at a time. */
async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.first().waitFor();
  if (description) await toast.filter({ hasText: description }).first().waitFor();
}

async function openUploadModal(page: Page): Promise<void> {
  await page.getByTestId('open-upload-modal').click();
  await page.getByTestId('upload-job-description-modal').waitFor();
  await waitForAnimationsToSettle(page);
}

async function chooseOption(page: Page, selectTestId: string, label: string): Promise<void> {
  await page.getByTestId(selectTestId).click();
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
}

/**
 * The review opens while the upload modal is still closing; its closing ends the scroll lock and can
 * move the review under a click in flight, so wait until only the review is on screen.
 */
async function waitForReviewAfterUpload(page: Page): Promise<void> {
  await page.getByTestId('review-skills-modal').waitFor();
  await page.getByTestId('upload-job-description-modal').waitFor({ state: 'hidden' });
  await waitForAnimationsToSettle(page);
}

/** Opens a skill's evidence and waits until its button says it is open. */
async function showEvidence(row: Locator): Promise<Locator> {
  await row.getByRole('button', { name: 'Show evidence' }).click();
  await row.getByRole('button', { name: 'Hide evidence', expanded: true }).waitFor();
  return row.getByTestId('skill-evidence');
}

function reviewRow(page: Page, name: string) {
  return page.locator(`[data-testid="review-skill"][data-skill-name="${name}"]`);
}

/** The names of the skills listed in the open review, in order. */
async function reviewedSkillNames(page: Page): Promise<string[]> {
  await page.getByTestId('review-skill').first().waitFor();
  return page.getByTestId('review-skill').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-skill-name') ?? ''));
}

async function postingCount(page: Page): Promise<number> {
  const { body } = await callApi<{ total: number }>(page, 'GET', '/api/job-descriptions?pageSize=1');
  return body.total;
}

describe('job descriptions and skill review', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // Leaves the database as it found it: the other specs expect the empty Job Descriptions page.
    if (createdIds.size > 0) {
      const { context, page } = await newPage(browser);
      await signIn(page, ADMIN.username, ADMIN.password);
      for (const id of createdIds) await callApi(page, 'DELETE', `/api/job-descriptions/${id}`);
      await context.close();
    }
    await browser.close();
  });

  it('uploads a real PDF, shows the evidence, adds a custom skill, confirms, and finds the saved review after a reload', async () => {
    const { context, page } = await openSignedIn(browser);
    const title = `Senior Data Analyst ${RUN}`;
    await openUploadModal(page);
    await page.getByTestId('job-description-file-input').setInputFiles(PDF_FIXTURE);
    expect(await page.getByTestId('selected-file-name').textContent()).toBe('senior-data-analyst.pdf');
    expect(await page.getByTestId('selected-file-size').textContent()).toMatch(/^[\d.]+ MB$/);
    expect(await page.getByTestId('upload-file-title').inputValue()).toBe('senior-data-analyst');
    await page.getByTestId('upload-file-title').fill(title);
    await page.getByTestId('upload-file-submit').click();

    await expectToast(page, 'Success', 'Job description uploaded and analyzed successfully');
    await waitForReviewAfterUpload(page);
    await page.getByTestId('upload-job-description-modal').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('review-job-title').textContent()).toBe(title);
    const names = await reviewedSkillNames(page);
    const sql = names.find((name) => /^sql$/i.test(name));
    expect(sql).toBeDefined();
    expect(await reviewRow(page, sql ?? '').getByTestId('skill-confidence').textContent()).toMatch(/^Confidence: \d{1,3}%$/);

    // The evidence is the posting with the phrase marked where the PDF says it.
    const passage = await showEvidence(reviewRow(page, sql ?? ''));
    expect(await passage.getAttribute('dir')).toBe('ltr');
    const marks = await passage.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((mark) => /sql/i.test(mark))).toBe(true);
    expect(await passage.textContent()).toContain('write SQL queries against the data warehouse');

    // A custom skill: trimmed, approved, in the category chosen.
    await page.getByTestId('custom-skill-name').fill('  Executive Reporting  ');
    await chooseOption(page, 'custom-skill-category', 'Behavioral');
    await page.getByTestId('add-custom-skill').click();
    expect(await reviewRow(page, 'Executive Reporting').getAttribute('data-approved')).toBe('true');
    const removed = names.find((name) => name !== sql);
    if (removed) await page.getByRole('button', { name: `Remove ${removed}` }).click();

    await page.getByTestId('confirm-skills').click();
    await expectToast(page, 'Learning path generated successfully');
    await page.getByTestId('skills-confirmed').waitFor();
    await page.getByTestId('skills-overview-tags').getByText('Executive Reporting').waitFor();
    await saveScreenshot(page, 'job-description-pdf-confirmed');

    // After a reload the saved review is what the posting opens with.
    await page.reload();
    await page.goto('/job-roles');
    await page.getByTestId('job-descriptions-search').fill(RUN);
    const card = page.getByTestId('job-description-card').filter({ hasText: title });
    await card.getByTestId('job-description-reviewed').waitFor();
    await card.getByTestId('view-skills').click();
    await waitForReviewAfterUpload(page);
    expect(await reviewRow(page, 'Executive Reporting').getAttribute('data-approved')).toBe('true');
    expect(await reviewRow(page, sql ?? '').getAttribute('data-approved')).toBe('true');
    if (removed) expect(await page.getByTestId('removed-skills').textContent()).toContain(removed);
    await context.close();
  });

  it('uploads a real DOCX by its default title and saves the review', async () => {
    const { context, page } = await openSignedIn(browser);
    await openUploadModal(page);
    await page.getByTestId('job-description-file-input').setInputFiles(DOCX_FIXTURE);
    expect(await page.getByTestId('upload-file-title').inputValue()).toBe('product-manager');
    await page.getByTestId('upload-file-submit').click();
    await expectToast(page, 'Success', 'Job description uploaded and analyzed successfully');
    await waitForReviewAfterUpload(page);
    expect(await page.getByTestId('review-job-title').textContent()).toBe('product-manager');
    expect((await reviewedSkillNames(page)).length).toBeGreaterThan(0);
    if (await page.getByTestId('confirm-skills').isDisabled()) {
      await page.getByTestId('review-skill').first().locator('input[type="checkbox"]').check();
    }
    await page.getByTestId('confirm-skills').click();
    await expectToast(page, 'Learning path generated successfully');
    await context.close();
  });

  it('analyses pasted text titled "Job Description" by default', async () => {
    const { context, page } = await openSignedIn(browser);
    await openUploadModal(page);
    await openTab(page, page, 'Text Input');
    expect(await page.getByTestId('upload-text-title').inputValue()).toBe('Job Description');
    await page
      .getByTestId('upload-text-content')
      .fill('Customer Success Manager. Requirements: account management, customer onboarding, Salesforce CRM and excellent negotiation skills.');
    await page.getByTestId('upload-text-submit').click();
    await expectToast(page, 'Success', 'Job description processed and analyzed successfully');
    await waitForReviewAfterUpload(page);
    expect(await page.getByTestId('review-job-title').textContent()).toBe('Job Description');
    await context.close();
  });

  it('reads a pasted Arabic posting right to left, with its evidence marked in place', async () => {
    const { context, page } = await openSignedIn(browser);
    await openUploadModal(page);
    await openTab(page, page, 'Text Input');
    await page.getByTestId('upload-text-title').fill(`محلل بيانات ${RUN}`);
    await page
      .getByTestId('upload-text-content')
      .fill('نبحث عن محلل بيانات. المتطلبات: إتقان SQL ولغة بايثون وتحليل البيانات، ومهارات تواصل ممتازة مع أصحاب المصلحة.');
    await page.getByTestId('upload-text-submit').click();
    await waitForReviewAfterUpload(page);
    await reviewedSkillNames(page);
    // Pin the row by its skill: once opened it no longer reads 'Show evidence'.
    const skillName = await page
      .getByTestId('review-skill')
      .filter({ has: page.getByText('Show evidence') })
      .first()
      .getAttribute('data-skill-name');
    const row = reviewRow(page, skillName ?? '');
    const passage = await showEvidence(row);
    expect(await passage.getAttribute('dir')).toBe('rtl');
    expect(await passage.getAttribute('lang')).toBe('ar');
    // Each mark is the exact text at its place: the passage reads as the posting, marks included.
    expect(await passage.textContent()).toContain('نبحث عن محلل بيانات.');
    expect((await passage.locator('mark').allTextContents()).length).toBeGreaterThan(0);
    await saveScreenshot(page, 'job-description-arabic-evidence');
    await context.close();
  });

  it('generates the skills of a predefined role, confirms them, and Start Over shows the selector again', async () => {
    const { context, page } = await openSignedIn(browser);
    await page.getByTestId('generate-button').click();
    await expectToast(page, 'No Job Role Selected', 'Please select a job role first.');

    await chooseOption(page, 'job-role-select', 'Data Scientist');
    await page.getByTestId('generate-button').click();
    await expectToast(page, 'Job Description Generated', 'Generated skills for Data Scientist role');
    await page.getByTestId('skills-overview').waitFor();
    await page.getByTestId('review-skills-modal').waitFor();
    expect(await page.getByTestId('sample-skills-notice').count()).toBe(0);
    if (await page.getByTestId('confirm-skills').isDisabled()) {
      await page.getByTestId('review-skill').first().locator('input[type="checkbox"]').check();
    }
    await page.getByTestId('confirm-skills').click();
    await expectToast(page, 'Learning path generated successfully');
    await page.getByTestId('skills-confirmed').waitFor();

    await page.getByTestId('start-over').click();
    await page.getByTestId('job-role-selector').waitFor();
    expect(await page.getByTestId('skills-overview').count()).toBe(0);
    await context.close();
  });

  it('answers every bad file and empty text with its toast, and stores nothing', async () => {
    const { context, page } = await openSignedIn(browser);
    const before = await postingCount(page);
    await openUploadModal(page);
    const input = page.getByTestId('job-description-file-input');

    await page.getByTestId('upload-file-submit').click();
    await expectToast(page, 'No File Selected', 'Please select a file to upload');

    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await expectToast(page, 'Invalid File Type', 'Please upload a PDF, Word document, or text file');
    expect(await page.getByTestId('selected-file').count()).toBe(0);

    await input.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024, 0x20) });
    await expectToast(page, 'File Too Large');

    // These pass the browser's checks; the server reads the bytes and says what is wrong.
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    });
    await page.getByTestId('upload-file-submit').click();
    await expectToast(page, 'Upload Failed', 'This file is named .txt but holds an image; please upload a PDF, Word document, or text file');

    await page.getByRole('button', { name: 'Remove the chosen file' }).click();
    await input.setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type') });
    await page.getByTestId('upload-file-submit').click();
    await expectToast(page, 'Upload Failed');
    expect(await page.getByTestId('review-skills-modal').count()).toBe(0);

    await openTab(page, page, 'Text Input');
    await page.getByTestId('upload-text-content').fill('   \n   ');
    await page.getByTestId('upload-text-submit').click();
    await expectToast(page, 'No Content', 'Please enter job description content');

    expect(await postingCount(page)).toBe(before);
    await context.close();
  });

  it('lets an admin add a posting from the Job Descriptions page and delete it after confirming', async () => {
    const { context, page } = await newPage(browser);
    trackCreatedPostings(page);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/job-roles');
    await page.getByTestId('add-job-description').click();
    await page.getByTestId('upload-job-description-modal').waitFor();
    await openTab(page, page, 'Text Input');
    const title = `Operations Lead ${RUN}`;
    await page.getByTestId('upload-text-title').fill(title);
    await page.getByTestId('upload-text-content').fill('Operations Lead. Requirements: process improvement, budgeting, vendor management and team leadership.');
    await page.getByTestId('upload-text-submit').click();
    await page.getByTestId('review-skills-modal').waitFor();
    await page.keyboard.press('Escape');

    await page.getByTestId('job-descriptions-search').fill(title);
    // The search answers after a debounce (skeletons meanwhile): wait for its one result.
    await page.waitForFunction((wanted) => {
      const cards = document.querySelectorAll('[data-testid="job-description-card"]');
      return cards.length === 1 && (cards[0].textContent ?? '').includes(wanted);
    }, title);
    const card = page.getByTestId('job-description-card').filter({ hasText: title });
    await card.getByTestId('delete-job-description').click();
    // The confirmation zooms in: a click sent while it still moves can land beside its button and close it unconfirmed.
    await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    await waitForAnimationsToSettle(page);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Job Description Deleted');
    await page.getByTestId('job-descriptions-empty').getByText('Try adjusting your search terms').waitFor();
    await context.close();
  });
});
