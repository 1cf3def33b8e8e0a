import fs from 'node:fs';
import { Browser, Page } from 'playwright-core';
import type { AiUseStatus } from '@masar/contracts';
import { callApi, callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, openTab, saveScreenshot, signIn, waitForAnimationsToSettle } from './support/browser';

/*
 * AI governance (issue 12), as an admin and a learner meet it: lesson writing turned off refuses Ready AI
 * with the administrator's message; a published AI-use notice is shown to a learner (in Arabic) before
 * their posting is analysed, and the analysis goes on once accepted; the admin finds those calls in the
 * usage log and exports them as CSV.
 *
 * The platform is shared with the other specs, so what this file changes it puts back: lesson writing
 * on again, the demo learner's posting deleted and their language English. A published notice cannot
 * be withdrawn; the demo learner has accepted it by the end, so their AI features keep working.
 */

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' };
const RUN = `e2e-${Date.now().toString(36)}`;
const LESSON_WRITING_OFF = 'Lesson writing with AI is turned off by your administrator';
const CSV_HEADER =
  'Time (UTC),User,Email,Role,Feature,Provider,Model,Prompt template,Prompt version,Input tokens,Output tokens,' +
  'Input characters,Output characters,Latency (ms),Outcome,Status,Error,Request id';

/** Waits for a toast with this title (only one shows at a time). */
async function expectToast(page: Page, title: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

async function openGovernance(page: Page, tab: 'Usage log' | 'Features' | 'Budgets' | 'AI-use notice'): Promise<void> {
  await page.goto('/ai-agents');
  await page.getByTestId('agents-open-governance').click();
  await page.getByTestId('governance-page').waitFor();
  await openTab(page, page, tab);
}

/** Lesson writing on or off, straight through the API (for putting the platform back). */
async function setLessonWriting(page: Page, enabled: boolean): Promise<void> {
  await callApiOk(page, 'PUT', '/api/ai-governance/features/lesson-writing', { enabled, provider: 'offline', model: null });
}

describe('AI governance', () => {
  let browser: Browser;
  const createdPostings = new Set<string>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    await setLessonWriting(page, true);
    for (const id of createdPostings) await callApi(page, 'DELETE', `/api/job-descriptions/${id}`);
    await context.close();
    await browser.close();
  });

  it('refuses Ready AI with the administrator’s message once lesson writing is turned off', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    try {
      await openGovernance(page, 'Features');
      const row = page.getByTestId('feature-lesson-writing');
      await row.getByRole('switch', { name: 'Lesson writing with AI' }).click();
      await row.getByTestId('feature-lesson-writing-save').click();
      await expectToast(page, 'Lesson writing: settings saved');
      await page.getByText('Lesson writing is off: its AI actions are refused.').waitFor();
      await saveScreenshot(page, 'ai-governance-features');

      // Ready AI writes lessons: the gateway refuses it before any task starts, and the dialog says why.
      await page.goto('/courses');
      await page.getByTestId('courses-ready-ai').click();
      const dialog = page.getByTestId('ready-ai-dialog');
      await dialog.waitFor();
      await waitForAnimationsToSettle(page);
      await dialog.getByRole('checkbox').first().click();
      await page.getByTestId('ready-ai-create').click();
      const refusal = page.getByTestId('ready-ai-start-error');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain(LESSON_WRITING_OFF);

      // Course from documents is lesson writing too: refused with the same words, before any upload is read.
      const answer = await callApi<{ statusCode: number; message: string }>(page, 'POST', '/api/courses/ai-generate-with-files', {});
      expect(answer).toEqual({ status: 403, body: { statusCode: 403, message: LESSON_WRITING_OFF } });
    } finally {
      await setLessonWriting(page, true);
      await context.close();
    }
  });

  it('shows a learner the published notice in Arabic before their posting is analysed, and analyses it once accepted', async () => {
    // The admin publishes the suggested notice (a new version each time this file runs).
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await openGovernance(admin.page, 'AI-use notice');
    await admin.page.getByTestId('notice-publish').click();
    await admin.page.getByText('Every learner will have to accept the new version before their next use of AI.').waitFor();
    await admin.page.getByTestId('notice-publish-confirm').click();
    await expectToast(admin.page, 'Notice published');
    await admin.page.getByTestId('notice-in-force').waitFor();
    const published = await callApiOk<AiUseStatus>(admin.page, 'GET', '/api/ai-governance/me');
    expect(published.notice?.version).toBeGreaterThan(0);
    await admin.context.close();

    const { context, page } = await newPage(browser);
    page.on('response', async (response) => {
      if (response.request().method() !== 'POST' || !/\/api\/job-descriptions\/text$/.test(new URL(response.url()).pathname) || !response.ok()) return;
      const body = (await response.json().catch(() => null)) as { jobDescription?: { id?: string } } | null;
      if (body?.jobDescription?.id) createdPostings.add(body.jobDescription.id);
    });
    await demoLogin(page);
    try {
      await chooseLanguage(page, 'العربية');
      const before = await callApiOk<AiUseStatus>(page, 'GET', '/api/ai-governance/me');
      expect(before).toMatchObject({ noticeRequired: true, notice: { version: published.notice?.version } });

      await page.getByTestId('open-upload-modal').click();
      await page.getByTestId('upload-job-description-modal').waitFor();
      await openTab(page, page, 'إدخال نص');
      await page.getByTestId('upload-text-title').fill(`محلل بيانات ${RUN}`);
      await page
        .getByTestId('upload-text-content')
        .fill('نبحث عن محلل بيانات. المتطلبات: إتقان SQL ولغة بايثون وتحليل البيانات، ومهارات تواصل ممتازة مع أصحاب المصلحة.');
      await page.getByTestId('upload-text-submit').click();

      // The notice comes first, in Arabic, right to left; nothing was sent to be analysed yet.
      const notice = page.getByTestId('ai-notice-modal');
      await notice.getByText('قبل استخدام الذكاء الاصطناعي').waitFor();
      const text = page.getByTestId('ai-notice-text');
      expect(await text.getAttribute('dir')).toBe('rtl');
      expect(await text.textContent()).toContain('يستخدم مسار الذكاء الاصطناعي');
      expect(createdPostings.size).toBe(0);
      await saveScreenshot(page, 'ai-notice-ar');
      await waitForAnimationsToSettle(page);
      await page.getByTestId('ai-notice-accept').click();

      // Accepted: the posting is analysed and its skills are up for review.
      await page.getByTestId('review-skills-modal').waitFor();
      await page.getByTestId('review-skill').first().waitFor();
      expect(createdPostings.size).toBe(1);
      const after = await callApiOk<AiUseStatus>(page, 'GET', '/api/ai-governance/me');
      expect(after).toMatchObject({ noticeRequired: false, acceptedVersion: published.notice?.version });
      expect(after.acceptedAt).not.toBeNull();

      // Their own page says which version they accepted.
      await page.goto('/account/ai-use');
      expect(await page.getByTestId('ai-use-notice').textContent()).toContain(`وافقت على الإصدار ${published.notice?.version}`);
    } finally {
      await chooseLanguage(page, 'English');
      await context.close();
    }
  });

  it('lists those calls in the usage log for the admin, and exports them as CSV', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    try {
      await openGovernance(page, 'Usage log');
      await page.getByTestId('usage-feature').click();
      await page.locator('.ant-select-item-option[title="Skill extraction"]').click();
      const rows = page.getByTestId('ai-call-row');
      await rows.first().waitFor();
      // The demo learner's analysis (succeeded) is there with their name.
      await rows.filter({ hasText: 'Demo' }).filter({ hasText: 'Succeeded' }).first().waitFor();
      expect(await page.getByTestId('usage-totals').textContent()).toMatch(/^[\d,]+ calls · /);
      await saveScreenshot(page, 'ai-governance-usage-log');

      const download = page.waitForEvent('download');
      await page.getByTestId('usage-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^masar-ai-calls-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = fs.readFileSync((await file.path()) ?? '');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER);
      const analysed = lines.filter((line) => line.includes('Skill extraction') && line.includes('succeeded'));
      expect(analysed.length).toBeGreaterThan(0);
      expect(lines.slice(1).filter(Boolean).every((line) => line.includes('Skill extraction'))).toBe(true);

      // Lesson writing's refusal is in the log too, with its reason.
      await page.getByTestId('usage-feature').click();
      await page.locator('.ant-select-item-option[title="Lesson writing"]').click();
      await page.getByTestId('usage-outcome').click();
      await page.locator('.ant-select-item-option[title="Refused"]').click();
      const refused = page.getByTestId('ai-call-error').first();
      await refused.waitFor();
      expect(await refused.getAttribute('aria-label')).toBe(`Why: 403: ${LESSON_WRITING_OFF}`);
    } finally {
      await context.close();
    }
  });
});
