import { Browser, Page } from 'playwright-core';
import { acceptAiNoticeInForce, callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot } from './support/browser';

/**
 * Lesson illustrations through the whole stack (issue 14): svc-ai draws the lesson's key ideas as a
 * PNG diagram (offline), the gateway serves it, the lesson view shows it and offers the download
 * named as the spec says. The demo learner illustrates an English and an Arabic seeded lesson.
 */

interface CourseRow {
  id: string;
  title: string;
}
interface CourseDetail {
  modules: { lessons: { id: string; title: string }[] }[];
}

/** The address of a seeded lesson, found through the API. */
async function lessonAddress(page: Page, courseTitle: string, lessonTitle: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const list = await callApiOk<{ items: CourseRow[] }>(page, 'GET', `/api/courses?q=${encodeURIComponent(courseTitle)}&page=1&pageSize=20`);
    const course = list.items.find((row) => row.title === courseTitle);
    if (course) {
      const { course: detail } = await callApiOk<{ course: CourseDetail }>(page, 'GET', `/api/courses/${course.id}`);
      const lesson = detail.modules.flatMap((module) => module.lessons).find((candidate) => candidate.title === lessonTitle);
      if (!lesson) throw new Error(`"${courseTitle}" has no lesson "${lessonTitle}"`);
      return `/courses/${course.id}/lessons/${lesson.id}`;
    }
    if (Date.now() > deadline) throw new Error(`The seeded course "${courseTitle}" never appeared`);
    await page.waitForTimeout(1000);
  }
}

/** Presses the image helper and waits for the picture to load; returns its natural size. */
async function illustrate(page: Page): Promise<{ width: number; height: number; src: string }> {
  await page.getByTestId('generate-illustration').click();
  const image = page.getByTestId('lesson-illustration-image').locator('img');
  await image.waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="lesson-illustration-image"] img');
    return img !== null && img.complete && img.naturalWidth > 0;
  });
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight, src: img.getAttribute('src') ?? '' }));
}

describe('lesson illustrations', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('illustrates an English lesson and offers it as <title>_explanation.png', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await acceptAiNoticeInForce(page);
    await page.goto(await lessonAddress(page, 'Excel Essentials for Everyday Work', 'Pivot tables step by step'));
    const picture = await illustrate(page);
    expect(picture).toMatchObject({ width: 1200, height: 675 });
    expect(picture.src).toMatch(/^\/api\/lesson-illustrations\/[0-9a-f]{64}\.png$/);
    const download = page.getByTestId('download-illustration');
    expect(await download.getAttribute('download')).toBe('pivot_tables_step_by_step_explanation.png');
    const png = await context.request.get(picture.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect((await png.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
    await saveScreenshot(page, 'lesson-illustration-en');
    await context.close();
  });

  it('illustrates an Arabic lesson in Arabic, right to left', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await acceptAiNoticeInForce(page);
    await chooseLanguage(page, 'العربية');
    try {
      await page.goto(await lessonAddress(page, 'السلامة والصحة المهنية في بيئة العمل', 'مصدر الخطر والمخاطرة: المفاهيم الأساسية'));
      expect(await page.getByTestId('generate-illustration').textContent()).toBe('ارسم توضيحًا لهذا الدرس');
      const picture = await illustrate(page);
      expect(picture).toMatchObject({ width: 1200, height: 675 });
      const download = page.getByTestId('download-illustration');
      expect(await download.textContent()).toContain('تنزيل');
      expect(await download.getAttribute('download')).toBe('مصدر_الخطر_والمخاطرة__المفاهيم_الأساسية_explanation.png');
      await saveScreenshot(page, 'lesson-illustration-ar');
    } finally {
      await chooseLanguage(page, 'English');
      await context.close();
    }
  });
});
