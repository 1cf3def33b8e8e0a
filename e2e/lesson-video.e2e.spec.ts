import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import { callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot, signIn, waitForAnimationsToSettle } from './support/browser';

/**
 * Video lessons (issue 14) through the whole stack: the edit form's video group, the gateway (link
 * check, upload type check, object store, ranges) and svc-courses. No internet here: the YouTube frame
 * is checked for its address, not loaded. The MP4 fixture is contracts' buildTinyMp4(6000) written to a file.
 */
const VIDEO_FIXTURE = path.join(__dirname, 'fixtures/lesson-video.mp4');

interface LessonRef {
  id: string;
  title: string;
}

async function openVideoEditor(page: Page): Promise<void> {
  await page.getByTestId('edit-lesson').click();
  await waitForAnimationsToSettle(page);
  await page.getByTestId('lesson-video-fields').waitFor();
}

/** A range request from the page itself, with the learner's session: the status and Content-Range it got. */
function rangeOf(page: Page, src: string): Promise<{ status: number; contentRange: string | null; bytes: number }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Range: 'bytes=0-99' } });
    return { status: response.status, contentRange: response.headers.get('content-range'), bytes: (await response.arrayBuffer()).byteLength };
  }, src);
}

describe('video lessons', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('lets an admin link a YouTube video and upload a file; a learner plays both, in English and Arabic', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin', 'admin123');
    const stamp = Date.now();
    const { course } = await callApiOk<{ course: { id: string } }>(admin.page, 'POST', '/api/courses', {
      title: `Safe Lifting ${stamp}`,
      description: 'Lift loads without hurting your back.',
      duration: '1 week',
      format: 'Online',
      departmentOwner: 'Operations',
      color: 'blue',
      abbreviation: 'SL',
      numberOfModules: 1,
      lessonsPerModule: 2,
    });
    const detail = await callApiOk<{ course: { modules: Array<{ lessons: LessonRef[] }> } }>(admin.page, 'GET', `/api/courses/${course.id}`);
    const [linked, uploaded] = detail.course.modules[0].lessons;
    for (const lesson of [linked, uploaded]) {
      // Written, so the new draft can be published for the learner below (e2e/course-publishing.e2e.spec.ts).
      await callApiOk(admin.page, 'PUT', `/api/courses/${course.id}/lessons/${lesson.id}`, {
        type: 'video',
        content: 'Keep the load close to your body, bend your knees rather than your back, and turn with your feet, not your waist.',
      });
    }

    // A video lesson without a video shows the spec's placeholder.
    await admin.page.goto(`/courses/${course.id}/lessons/${linked.id}`);
    await admin.page.getByTestId('lesson-video-placeholder').getByText('Video content would be displayed here').waitFor();

    await openVideoEditor(admin.page);
    await admin.page.getByTestId('lesson-video-link').fill('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ');
    await admin.page.getByTestId('lesson-video-link-save').click();
    await admin.page.getByText('Use a YouTube or Vimeo link, or an https link to an .mp4, .webm, .ogg or .m4v file').waitFor();
    await admin.page.getByTestId('lesson-video-link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42');
    await admin.page.getByTestId('lesson-video-link-save').click();
    await admin.page.getByText('Video link saved').waitFor();
    await admin.page.getByTestId('lesson-video-current').getByText('YouTube video dQw4w9WgXcQ').waitFor();
    await admin.page.keyboard.press('Escape');
    const frame = admin.page.getByTestId('lesson-video-frame');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await frame.getAttribute('title')).toBe(`Video: ${linked.title}`);
    expect(await admin.page.getByTestId('lesson-video-placeholder').count()).toBe(0);

    // The second lesson gets an uploaded file, checked from its bytes by the gateway.
    await admin.page.goto(`/courses/${course.id}/lessons/${uploaded.id}`);
    await admin.page.getByTestId('lesson-video-placeholder').waitFor();
    await openVideoEditor(admin.page);
    await admin.page.getByTestId('lesson-video-file-input').setInputFiles({ name: 'not-a-video.mp4', mimeType: 'video/mp4', buffer: Buffer.from('%PDF-1.7 not a video') });
    await admin.page.getByText('The file is not an MP4, WebM or Ogg video').waitFor();
    await admin.page.getByTestId('lesson-video-file-input').setInputFiles({ name: 'lifting.mp4', mimeType: 'video/mp4', buffer: readFileSync(VIDEO_FIXTURE) });
    await admin.page.getByText('Video uploaded').waitFor();
    await admin.page.getByTestId('lesson-video-upload').getByText('Replace the video file').waitFor();
    await saveScreenshot(admin.page, 'lesson-video-editor');
    await admin.page.keyboard.press('Escape');
    const player = admin.page.getByTestId('lesson-video-file');
    await player.waitFor({ state: 'attached' });
    const src = (await player.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/media\/lesson-videos\/[0-9a-f]{64}\.mp4$/);
    expect(await player.getAttribute('preload')).toBe('metadata');

    // A learner plays both: the frame and the uploaded file, which answers a range request with 206.
    await callApiOk(admin.page, 'POST', `/api/courses/${course.id}/publish`);
    const learner = await newPage(browser);
    await demoLogin(learner.page);
    await learner.page.goto(`/courses/${course.id}/lessons/${uploaded.id}`);
    await learner.page.getByTestId('lesson-video-file').waitFor({ state: 'attached' });
    expect(await learner.page.getByTestId('lesson-video-file').getAttribute('src')).toBe(src);
    const range = await rangeOf(learner.page, src);
    expect(range).toEqual({ status: 206, contentRange: `bytes 0-99/${readFileSync(VIDEO_FIXTURE).length}`, bytes: 100 });
    expect(await learner.page.getByTestId('edit-lesson').count()).toBe(0);

    await chooseLanguage(learner.page, 'العربية');
    await learner.page.waitForFunction((title) => document.querySelector('[data-testid="lesson-video-file"]')?.getAttribute('aria-label') === `فيديو: ${title}`, uploaded.title);
    await learner.page.goto(`/courses/${course.id}/lessons/${linked.id}`);
    const arabicFrame = learner.page.getByTestId('lesson-video-frame');
    await arabicFrame.waitFor({ state: 'attached' });
    expect(await arabicFrame.getAttribute('title')).toBe(`فيديو: ${linked.title}`);
    expect(await arabicFrame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await saveScreenshot(learner.page, 'lesson-video-ar');
    // The demo learner's profile keeps the choice: back to English for the tests that follow.
    await chooseLanguage(learner.page, 'English');
    await learner.context.close();

    // In Arabic, the admin's video group speaks Arabic; removing the file brings the placeholder back.
    await chooseLanguage(admin.page, 'العربية');
    await openVideoEditor(admin.page);
    await admin.page.getByTestId('lesson-video-fields').getByText('رابط الفيديو').waitFor();
    await admin.page.getByTestId('lesson-video-link').fill('http://vimeo.com/76979871');
    await admin.page.getByTestId('lesson-video-link-save').click();
    await admin.page.getByText('يجب أن تبدأ روابط الفيديو بـ https://').waitFor();
    await admin.page.getByTestId('lesson-video-remove').click();
    await admin.page.getByText('تمت إزالة الفيديو').waitFor();
    await admin.page.keyboard.press('Escape');
    await admin.page.getByTestId('lesson-video-placeholder').getByText('سيُعرض محتوى الفيديو هنا').waitFor();
    expect((await statusOf(admin.page, src)).status).toBe(404);
    await chooseLanguage(admin.page, 'English');

    await callApiOk(admin.page, 'DELETE', `/api/courses/${course.id}`);
    await admin.context.close();
  }, 240_000);
});

/** The removed upload is gone from the store (no other lesson showed it); asked past the browser's cache, which may keep it. */
function statusOf(page: Page, src: string): Promise<{ status: number }> {
  return page.evaluate(async (url) => ({ status: (await fetch(url, { cache: 'no-store' })).status }), src);
}
