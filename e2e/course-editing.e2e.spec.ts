import { Browser, Page } from 'playwright-core';
import { callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot, signIn, waitForAnimationsToSettle } from './support/browser';

/** Editing a course after it was made (issue 14), through the whole stack: the dialog, the gateway and svc-courses. */

async function courseHeading(page: Page): Promise<string> {
  return (await page.getByTestId('course-detail').getByRole('heading', { level: 2 }).first().textContent()) ?? '';
}

describe('editing a course', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it("lets an admin change a course's title in both languages and a lesson's text; a learner sees both", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin', 'admin123');
    const stamp = Date.now();
    const { course } = await callApiOk<{ course: { id: string } }>(admin.page, 'POST', '/api/courses', {
      title: `Supplier Negotiation ${stamp}`,
      description: 'Prepare, open and close negotiations with suppliers.',
      duration: '2 weeks',
      format: 'Online',
      departmentOwner: 'Procurement',
      color: 'orange',
      abbreviation: 'SN',
      numberOfModules: 1,
      lessonsPerModule: 1,
    });
    const newTitle = `Negotiating with Suppliers ${stamp}`;
    const newTitleAr = `التفاوض مع الموردين ${stamp}`;

    await admin.page.goto(`/courses/${course.id}`);
    await admin.page.getByTestId('edit-course').click();
    await waitForAnimationsToSettle(admin.page);
    await admin.page.getByTestId('edit-course-title').fill('  ');
    await admin.page.getByTestId('edit-course-save').click();
    await admin.page.getByTestId('edit-course-form').getByText('Title is required').waitFor();
    await admin.page.getByTestId('edit-course-title').fill(newTitle);
    await admin.page.getByTestId('edit-course-titleAr').fill(newTitleAr);
    await admin.page.getByTestId('edit-course-save').click();
    await admin.page.getByText('Course updated').waitFor();
    await admin.page.waitForFunction((title) => document.querySelector('[data-testid="course-detail"] h2')?.textContent === title, newTitle);

    await chooseLanguage(admin.page, 'العربية');
    await admin.page.waitForFunction((title) => document.querySelector('[data-testid="course-detail"] h2')?.textContent === title, newTitleAr);
    await admin.page.getByTestId('edit-course').getByText('تعديل الدورة').waitFor();
    await admin.page.getByTestId('edit-course').click();
    await admin.page.getByText('العنوان بالعربية').waitFor();
    await saveScreenshot(admin.page, 'course-editing-dialog-ar');
    await admin.page.keyboard.press('Escape');
    await admin.page.getByTestId('edit-course-form').waitFor({ state: 'detached' });
    // The admin account is shared by other specs: it goes back to English.
    await chooseLanguage(admin.page, 'English');

    // The lesson's text, edited on its page: the learner reads the new one.
    const newText = `Write down the least you will accept from a supplier, and why (${stamp}).`;
    await admin.page.getByTestId('course-lesson').first().click();
    await admin.page.getByTestId('lesson-content').waitFor();
    const lessonUrl = new URL(admin.page.url()).pathname;
    await admin.page.getByTestId('edit-lesson').click();
    await waitForAnimationsToSettle(admin.page);
    await admin.page.getByTestId('edit-lesson-content').fill(newText);
    await admin.page.getByTestId('edit-lesson-save').click();
    await admin.page.getByText('Lesson updated').waitFor();
    await admin.page.getByTestId('lesson-content').getByText(newText).waitFor();

    // A new course is a draft: once its one lesson is written, the admin publishes it for learners (e2e/course-publishing.e2e.spec.ts).
    await callApiOk(admin.page, 'POST', `/api/courses/${course.id}/publish`);
    const learner = await newPage(browser);
    await demoLogin(learner.page);
    await learner.page.goto(`/courses/${course.id}`);
    await learner.page.getByTestId('course-detail').waitFor();
    expect(await courseHeading(learner.page)).toBe(newTitle);
    expect(await learner.page.getByTestId('edit-course').count()).toBe(0);
    await learner.page.goto(lessonUrl);
    await learner.page.getByTestId('lesson-content').getByText(newText).waitFor();
    expect(await learner.page.getByTestId('edit-lesson').count()).toBe(0);
    await learner.context.close();

    await callApiOk(admin.page, 'DELETE', `/api/courses/${course.id}`);
    await admin.context.close();
  });
});
