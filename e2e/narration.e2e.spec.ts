import { Browser, Page } from 'playwright-core';
import { acceptAiNoticeInForce, callApi, callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot, signIn } from './support/browser';

/**
 * Lesson narration with the offline voice (espeak-ng and lame run by svc-ai): a learner presses a
 * lesson's play button on the course page, the page's <audio> gets an address that answers MP3 (with
 * byte ranges for seeking), and a second press stops it. Once for an English and once for an Arabic course.
 */
describe('lesson narration', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  /** Opens the first course the catalog finds for `query`. */
  async function openCourse(page: Page, query: string, title: string): Promise<void> {
    await page.goto(`/courses?q=${encodeURIComponent(query)}`);
    const card = page.getByTestId('course-card').filter({ hasText: title });
    await card.first().waitFor({ timeout: 30_000 });
    await card.first().click();
    await page.getByTestId('course-detail').waitFor();
  }

  /** What the narration's address answers to a plain and a ranged request, from the signed-in page. */
  async function fetchAudio(page: Page, src: string) {
    return page.evaluate(async (address) => {
      const whole = await fetch(address);
      const bytes = new Uint8Array(await whole.arrayBuffer());
      const part = await fetch(address, { headers: { Range: 'bytes=0-99' } });
      const partBytes = new Uint8Array(await part.arrayBuffer());
      return {
        status: whole.status,
        type: whole.headers.get('content-type'),
        size: bytes.length,
        // An MPEG audio frame sync (11 set bits) or an ID3 tag.
        mp3: (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) || String.fromCharCode(bytes[0], bytes[1], bytes[2]) === 'ID3',
        partStatus: part.status,
        partRange: part.headers.get('content-range'),
        partMatches: partBytes.length === 100 && partBytes.every((byte, index) => byte === bytes[index]),
      };
    }, src);
  }

  async function playAndStop(page: Page, screenshot: string): Promise<void> {
    const button = page.getByTestId('play-lesson-audio').first();
    await button.click();
    await page.getByText('Audio narration is now playing').first().waitFor({ timeout: 30_000 });
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    const audio = page.getByTestId('narration-audio');
    const src = await audio.getAttribute('src');
    expect(src).toMatch(/^\/api\/media\/narration\/[0-9a-f]{64}\.mp3$/);
    expect(await audio.evaluate((element: HTMLAudioElement) => !element.paused)).toBe(true);

    const answered = await fetchAudio(page, src!);
    expect(answered).toMatchObject({ status: 200, type: 'audio/mpeg', mp3: true, partStatus: 206, partMatches: true });
    expect(answered.partRange).toBe(`bytes 0-99/${answered.size}`);
    expect(answered.size).toBeGreaterThan(4000);
    await saveScreenshot(page, screenshot);

    await button.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="play-lesson-audio"]')?.getAttribute('aria-pressed') === 'false');
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  }

  it('plays and stops an English lesson', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await openCourse(page, 'Excel', 'Excel Essentials for Everyday Work');
    await playAndStop(page, 'narration-en');
    await context.close();
  });

  it('plays and stops an Arabic lesson', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await openCourse(page, 'الكتابة الإدارية', 'الكتابة الإدارية باللغة العربية');
    await playAndStop(page, 'narration-ar');
    await context.close();
  });
  interface Budgets {
    defaultMonthlyTokens: number | null;
    overrides: Array<{ userId: string; monthlyTokens: number }>;
  }

  it('narrates a whole course as an agent task an admin follows to the end; a learner then plays the stored audio, even with no AI budget left', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin', 'admin123');
    const stamp = Date.now();
    const title = `Safe Ladder Use ${stamp}`;
    const { course } = await callApiOk<{ course: { id: string; modules: Array<{ lessons: Array<{ id: string; title: string }> }> } }>(admin.page, 'POST', '/api/courses', {
      title,
      description: 'Choose, place and climb a ladder safely.',
      duration: '1 week',
      format: 'Online',
      departmentOwner: 'Operations',
      color: 'orange',
      abbreviation: 'SLU',
      numberOfModules: 1,
      lessonsPerModule: 2,
    });
    const texts = [
      'Set the ladder on firm, level ground, one unit out for every four units up, and check the feet before every climb.',
      'Keep three points of contact while you climb, face the ladder, and never stand on the top two rungs.',
    ];
    for (const [index, lesson] of course.modules[0].lessons.entries()) {
      // Written, so the new draft can be published for the learner below.
      await callApiOk(admin.page, 'PUT', `/api/courses/${course.id}/lessons/${lesson.id}`, { type: 'reading', content: texts[index] });
    }
    await callApiOk(admin.page, 'POST', `/api/courses/${course.id}/publish`);

    // The admin presses the button; the task's real progress is followed on the AI Agents page.
    await admin.page.goto(`/courses/${course.id}`);
    await admin.page.getByTestId('narrate-course').getByText('Generate Audio for All Lessons').click();
    await admin.page.getByText('Lessons to narrate: 2.', { exact: false }).waitFor();
    await admin.page.goto('/ai-agents');
    const task = admin.page.getByTestId('agent-task').filter({ has: admin.page.getByTestId('agent-task-title').getByText(`Course narration: ${title}`, { exact: true }) }).first();
    await task.getByTestId('agent-task-status').getByText('Completed', { exact: true }).waitFor({ timeout: 90_000 });
    await task.click();
    const logs = admin.page.getByTestId('agent-task-logs');
    await logs.getByText(`Lesson 1 "${course.modules[0].lessons[0].title}": narrated`, { exact: false }).waitFor();
    await logs.getByText('2 of 2 lessons have audio', { exact: false }).waitFor();
    await saveScreenshot(admin.page, 'course-narration-task');

    // A learner with no AI budget left still hears it: audio already in the store costs no model call,
    // while a text never narrated is refused for the budget. (The budgets are put back as they were.)
    const learner = await newPage(browser);
    await demoLogin(learner.page);
    await acceptAiNoticeInForce(learner.page);
    const me = await callApiOk<{ id: string }>(learner.page, 'GET', '/api/auth/user');
    const before = await callApiOk<Budgets>(admin.page, 'GET', '/api/ai-governance/budgets');
    await callApiOk(admin.page, 'PUT', '/api/ai-governance/budgets', {
      defaultMonthlyTokens: before.defaultMonthlyTokens,
      overrides: [...before.overrides.filter((override) => override.userId !== me.id), { userId: me.id, monthlyTokens: 0 }],
    });
    try {
      const fresh = await callApi(learner.page, 'POST', '/api/lessons/generate-audio', { text: `A text nobody narrated yet ${stamp}.`, title: 'New' });
      expect(fresh.status).toBe(429);

      await chooseLanguage(learner.page, 'العربية');
      await learner.page.goto(`/courses/${course.id}`);
      await learner.page.getByTestId('course-detail').waitFor();
      const button = learner.page.getByTestId('play-lesson-audio').first();
      await button.click();
      await learner.page.getByText('يُشغَّل السرد الصوتي الآن').first().waitFor({ timeout: 30_000 });
      const audio = learner.page.getByTestId('narration-audio');
      expect(await audio.getAttribute('src')).toMatch(/^\/api\/media\/narration\/[0-9a-f]{64}\.mp3$/);
      expect(await audio.evaluate((element: HTMLAudioElement) => !element.paused)).toBe(true);
      await saveScreenshot(learner.page, 'course-narration-stored-ar');
      await button.click();
    } finally {
      await callApiOk(admin.page, 'PUT', '/api/ai-governance/budgets', { defaultMonthlyTokens: before.defaultMonthlyTokens, overrides: before.overrides });
      // The demo account is shared by other specs: it goes back to English.
      await chooseLanguage(learner.page, 'English');
    }

    // A course deleted meanwhile (another admin, another tab): pressing the button says so in the spec's words.
    await admin.page.goto(`/courses/${course.id}`);
    await admin.page.getByTestId('narrate-course').waitFor();
    await callApiOk(admin.page, 'DELETE', `/api/courses/${course.id}`);
    await admin.page.getByTestId('narrate-course').click();
    await admin.page.getByText('Failed to generate audio for lessons: Course not found').waitFor();
    await admin.context.close();
    await learner.context.close();
  }, 180_000);
});
