import path from 'node:path';
import { Browser } from 'playwright-core';
import arabic from '../mf-courses/src/locales/ar/courses.json';
import english from '../mf-courses/src/locales/en/courses.json';
import { acceptAiNoticeInForce, callApi, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot, signIn } from './support/browser';
import { SEEDED_EXERCISE, seededExercise } from './support/seeded-exercise';

const NOTES_PDF = path.resolve(__dirname, 'fixtures/retrospective-notes.pdf');

describe("an admin reviews learners' exercise submissions", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('the learner submits work with a file; the admin finds it from the lesson with their name, downloads the file, reads the feedback; in Arabic too; learners are refused', async () => {
    const work = `Our retrospective on ${new Date().toISOString()}: we gathered data on a timeline and agreed two actions.`;
    const { context: learnerContext, page: learner } = await newPage(browser);
    await demoLogin(learner);
    await acceptAiNoticeInForce(learner);
    const { courseId, lessonId } = await seededExercise(learner);
    await learner.goto(`/courses/${courseId}/lessons/${lessonId}`);
    const again = learner.getByTestId('exercise-submit-again');
    const start = learner.getByTestId('start-exercise');
    await again.or(start).first().waitFor();
    await ((await again.count()) > 0 ? again : start).click();
    await learner.getByTestId('exercise-work').fill(work);
    await learner.getByTestId('exercise-files').locator('input[type="file"]').setInputFiles(NOTES_PDF);
    await learner.getByText('retrospective-notes.pdf').first().waitFor();
    await learner.getByTestId('exercise-submit').click();
    await learner.getByTestId('exercise-submission').waitFor();
    // Learners have no way into the review: no link on the lesson, and the screen and its API refuse them.
    expect(await learner.getByTestId('review-submissions').count()).toBe(0);
    await learner.goto(`/courses/${courseId}/lessons/${lessonId}/submissions`);
    expect(await learner.getByTestId('exercise-review-forbidden').textContent()).toContain(english.practice.review.adminsOnly);
    expect((await callApi(learner, 'GET', `/api/lessons/${lessonId}/exercise/review`)).status).toBe(403);
    await learnerContext.close();

    const { context, page: admin } = await newPage(browser);
    await signIn(admin, 'admin', 'admin123');
    await admin.goto(`/courses/${courseId}/lessons/${lessonId}`);
    await admin.getByTestId('review-submissions').click();
    await admin.getByTestId('exercise-review-list').waitFor();
    expect(admin.url()).toContain(`/courses/${courseId}/lessons/${lessonId}/submissions`);
    expect(await admin.getByTestId('exercise-review-lesson').textContent()).toBe(SEEDED_EXERCISE.lessonTitle);
    // Newest first: the submission just made, under the learner's name.
    const newest = admin.getByTestId('exercise-submission').first();
    expect(await newest.getByTestId('exercise-review-learner').textContent()).toContain('Demo Learner');
    expect(await newest.getByTestId('exercise-submission-work').textContent()).toBe(work);
    expect(await newest.getByTestId('exercise-feedback').getAttribute('data-status')).toBe('given');
    expect(await newest.getByTestId('exercise-feedback-covered').textContent()).toContain(english.practice.review.covered);
    const href = (await newest.getByTestId('exercise-attachment-link').getAttribute('href')) as string;
    const download = await admin.request.get(href);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="retrospective-notes\.pdf"/);
    expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await saveScreenshot(admin, 'exercise-review-en');

    await chooseLanguage(admin, 'العربية');
    try {
      await admin.reload();
      await admin.getByTestId('exercise-review-list').waitFor();
      expect(await admin.getByRole('heading', { level: 2 }).textContent()).toBe(arabic.practice.review.title);
      expect(await admin.getByTestId('back-to-lesson').textContent()).toContain(arabic.practice.review.backToLesson);
      const reviewed = admin.getByTestId('exercise-submission').first();
      expect(await reviewed.getByTestId('exercise-review-learner').textContent()).toContain('Demo Learner');
      expect(await reviewed.getByTestId('exercise-feedback-covered').textContent()).toContain(arabic.practice.review.covered);
      expect(await admin.locator('html').getAttribute('dir')).toBe('rtl');
      await saveScreenshot(admin, 'exercise-review-ar');
    } finally {
      await chooseLanguage(admin, 'English');
    }
    await context.close();
  });
});
