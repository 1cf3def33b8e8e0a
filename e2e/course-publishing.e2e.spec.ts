import { Browser } from 'playwright-core';
import { callApi, callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot, signIn, waitForAnimationsToSettle } from './support/browser';

/**
 * Drafts and publishing (issue 14), through the whole stack: a course made from the form is a draft
 * the demo learner cannot find, its admin sees what still needs work (in English and Arabic), writes
 * the unfinished lessons, publishes it, and the learner then finds it.
 */
describe('drafts and publishing', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('keeps a new course from learners until an admin has written its unfinished lessons and published it', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin', 'admin123');
    const stamp = Date.now();
    const title = `Quokka Husbandry ${stamp}`;
    // No library lesson covers quokkas: the form's course comes back with lessons still to write.
    const { course } = await callApiOk<{ course: { id: string; status?: string; modules: Array<{ lessons: Array<{ id: string }> }> } }>(
      admin.page,
      'POST',
      '/api/courses',
      {
        title,
        description: 'Feeding, housing and handling quokkas in a wildlife park.',
        duration: '1 week',
        format: 'Online',
        departmentOwner: 'Operations',
        color: 'green',
        abbreviation: 'QH',
        numberOfModules: 1,
        lessonsPerModule: 2,
      },
    );
    expect(course.status).toBe('draft');
    const lessonIds = course.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id));

    // The learner cannot find it: not in the library, and its page is "not found" like a missing course.
    const learner = await newPage(browser);
    await demoLogin(learner.page);
    const listed = await callApiOk<{ items: Array<{ id: string }> }>(learner.page, 'GET', `/api/courses?q=${encodeURIComponent(title)}`);
    expect(listed.items).toEqual([]);
    expect((await callApi(learner.page, 'GET', `/api/courses/${course.id}`)).status).toBe(404);
    await learner.page.goto(`/courses/${course.id}`);
    await learner.page.getByTestId('course-not-found').waitFor();
    expect((await callApi(learner.page, 'POST', `/api/courses/${course.id}/publish`)).status).toBe(403);

    // The admin sees it as a draft, with what needs work; Publish says why it is disabled.
    await admin.page.goto(`/courses/${course.id}`);
    await admin.page.getByTestId('course-publication-status').getByText('Draft').waitFor();
    const problems = admin.page.getByTestId('publication-problem');
    await problems.first().waitFor();
    const problemCount = await problems.count();
    expect(problemCount).toBeGreaterThan(0);
    expect(problemCount).toBeLessThanOrEqual(lessonIds.length);
    expect(await problems.first().getAttribute('data-kind')).toBe('unsourced-lesson');
    expect(await admin.page.getByTestId('publication-problems').textContent()).toContain(`Needs work before publishing (${problemCount})`);
    expect(await admin.page.getByTestId('publish-course').isDisabled()).toBe(true);
    await saveScreenshot(admin.page, 'course-publishing-needs-work');

    await chooseLanguage(admin.page, 'العربية');
    await admin.page.getByTestId('publication-problems').getByText(`ما يلزم إنجازه قبل النشر (${problemCount})`).waitFor();
    await admin.page.getByTestId('course-publication-status').getByText('مسودة').waitFor();
    await saveScreenshot(admin.page, 'course-publishing-needs-work-ar');
    // The admin account is shared by other specs: it goes back to English.
    await chooseLanguage(admin.page, 'English');

    // Each problem links to its lesson, where the admin writes the text.
    for (let index = 0; index < problemCount; index += 1) {
      await admin.page.goto(`/courses/${course.id}`);
      await admin.page.getByTestId('publication-problem').first().getByRole('link').click();
      await admin.page.getByTestId('lesson-content').waitFor();
      await admin.page.getByTestId('edit-lesson').click();
      await waitForAnimationsToSettle(admin.page);
      await admin.page.getByTestId('edit-lesson-content').fill(`Quokkas eat leaves and grasses; lesson ${index + 1} shows how to prepare their feed (${stamp}).`);
      await admin.page.getByTestId('edit-lesson-save').click();
      await admin.page.getByText('Lesson updated').waitFor();
    }

    await admin.page.goto(`/courses/${course.id}`);
    await admin.page.getByTestId('publication-draft-notice').waitFor();
    expect(await admin.page.getByTestId('publication-problems').count()).toBe(0);
    await admin.page.getByTestId('publish-course').click();
    await waitForAnimationsToSettle(admin.page);
    await admin.page.getByText(`Learners will see "${title}" in the catalog, search, recommendations and learning paths.`).waitFor();
    await admin.page.getByTestId('confirm-publish-course').click();
    await admin.page.getByText('Course published').first().waitFor();
    await admin.page.getByTestId('course-publication-status').getByText('Published').waitFor();
    await admin.page.getByTestId('unpublish-course').waitFor();
    await saveScreenshot(admin.page, 'course-publishing-published');

    // The learner now finds it in the library and can open it.
    await learner.page.goto(`/courses?q=${encodeURIComponent(title)}`);
    await learner.page.getByText(title).first().waitFor();
    await learner.page.goto(`/courses/${course.id}`);
    await learner.page.getByTestId('course-detail').waitFor();
    expect(await learner.page.getByTestId('course-publication-status').count()).toBe(0);
    expect(await learner.page.getByTestId('publish-course').count()).toBe(0);

    // Back to a draft (in Arabic): the learner loses it again.
    await chooseLanguage(admin.page, 'العربية');
    await admin.page.getByTestId('unpublish-course').getByText('إعادة إلى مسودة').click();
    await waitForAnimationsToSettle(admin.page);
    await admin.page.getByTestId('confirm-unpublish-course').click();
    await admin.page.getByText('أُعيدت الدورة إلى مسودة').first().waitFor();
    await admin.page.getByTestId('course-publication-status').getByText('مسودة').waitFor();
    await chooseLanguage(admin.page, 'English');
    expect((await callApi(learner.page, 'GET', `/api/courses/${course.id}`)).status).toBe(404);

    await learner.context.close();
    await callApiOk(admin.page, 'DELETE', `/api/courses/${course.id}`);
    await admin.context.close();
    // Two people, two languages and every lesson written through its dialog: longer than one page's test.
  }, 180_000);
});
