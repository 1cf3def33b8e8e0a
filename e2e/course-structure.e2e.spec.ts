import { Browser, Locator, Page } from 'playwright-core';
import { callApi, callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot, signIn, waitForAnimationsToSettle } from './support/browser';

/** Editing a course's modules and lessons (issue 14) through the whole stack: the "Edit structure" mode, the gateway and svc-courses. */

interface CourseReply {
  course: { id: string; modules: { id: string; title: string; lessons: { id: string; title: string }[] }[] };
}

const moduleTitles = (page: Page) => page.getByTestId('structure-module-title').allTextContents();
const lessonTitles = (page: Page) => page.getByTestId('structure-lesson-title').allTextContents();

/**
 * Drags `handle` with the mouse so the row it moves lands on `target`'s middle (or, `below`, under
 * it): down, a few small moves (the sensor starts after 5 px), then across in steps, then up.
 */
async function dragWithMouse(page: Page, handle: Locator, row: Locator, target: Locator, { below = false } = {}): Promise<void> {
  const grip = (await handle.boundingBox())!;
  const moving = (await row.boundingBox())!;
  const onto = (await target.boundingBox())!;
  const x = grip.x + grip.width / 2;
  const y = grip.y + grip.height / 2;
  // How far the row's middle must travel to reach the target's middle (or its lower quarter).
  const travel = onto.y + onto.height * (below ? 0.8 : 0.5) - (moving.y + moving.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + Math.sign(travel) * 8, { steps: 4 });
  await page.mouse.move(x, y + travel, { steps: 20 });
  await page.mouse.move(x, y + travel + Math.sign(travel), { steps: 2 });
  await page.mouse.up();
}

describe('editing the structure of a course', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('lets an admin add, rename, reorder, move and delete modules and lessons, in English and Arabic; lesson ids stay', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin', 'admin123');
    const stamp = Date.now();
    const { course } = await callApiOk<CourseReply>(admin.page, 'POST', '/api/courses', {
      title: `Budget Planning ${stamp}`,
      description: 'Plan, track and review a team budget.',
      duration: '2 weeks',
      format: 'Online',
      departmentOwner: 'Finance',
      color: 'green',
      abbreviation: 'BP',
      numberOfModules: 1,
      lessonsPerModule: 2,
    });
    const [firstLesson, secondLesson] = course.modules[0].lessons;
    const page = admin.page;

    await page.goto(`/courses/${course.id}`);
    await page.getByTestId('edit-structure').click();
    await page.getByTestId('course-structure-editor').waitFor();

    // A module with a blank-looking title is refused under the field; then one with its first lesson.
    await page.getByTestId('add-module').click();
    await waitForAnimationsToSettle(page);
    await page.getByTestId('module-title').fill('\u200B ');
    await page.getByTestId('add-module-save').click();
    await page.getByTestId('add-module-form').getByText('Title is required').waitFor();
    await page.getByTestId('module-title').fill('Reviewing the budget');
    await page.getByTestId('module-with-lesson').check();
    await page.getByTestId('first-lesson-title').fill('Monthly variance review');
    await page.getByTestId('add-module-save').click();
    await page.getByTestId('add-module-form').getByText('Content is required').waitFor();
    await page.getByTestId('first-lesson-content').fill('Compare each line of actual spending with the plan, and explain every gap over five percent.');
    await page.getByTestId('add-module-save').click();
    await page.getByText('Module added').waitFor();
    await page.getByTestId('structure-module').nth(1).getByText('Monthly variance review').waitFor();

    // The new module goes first.
    await page.getByTestId('structure-module').nth(1).getByTestId('move-up').first().click();
    await page.getByText('Modules reordered').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="structure-module-title"]')?.textContent?.includes('Reviewing the budget'));

    // A lesson added to it, then moved into the other module.
    await page.getByTestId('structure-module').first().getByTestId('add-lesson').click();
    await waitForAnimationsToSettle(page);
    await page.getByTestId('add-lesson-title').fill('Forecasting the year end');
    await page.getByTestId('add-lesson-content').fill('Project the year-end position from the spending so far and the known commitments.');
    await page.getByTestId('add-lesson-save').click();
    await page.getByText('Lesson added').waitFor();
    await page.getByTestId('structure-module').first().getByText('Forecasting the year end').waitFor();

    const forecastRow = page.getByTestId('structure-lesson').filter({ hasText: 'Forecasting the year end' });
    await forecastRow.getByTestId('move-lesson-to').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByText('Lesson moved').waitFor();
    await page.getByTestId('structure-module').nth(1).getByText('Forecasting the year end').waitFor();

    // The original first lesson deleted, after a confirm naming it.
    await page.getByTestId('structure-lesson').filter({ hasText: firstLesson.title }).getByTestId('delete-lesson').click();
    await page.getByText(`Delete the lesson "${firstLesson.title}"?`).waitFor();
    await page.getByTestId('confirm-delete-lesson').click();
    await page.getByText('Lesson deleted').waitFor();
    await page.getByTestId('structure-lesson').filter({ hasText: firstLesson.title }).waitFor({ state: 'detached' });
    await saveScreenshot(page, 'course-structure-editor-en');

    const { course: after } = await callApiOk<CourseReply>(page, 'GET', `/api/courses/${course.id}`);
    expect(after.modules.map((module) => module.title)).toEqual(['Reviewing the budget', course.modules[0].title]);
    expect(after.modules[0].lessons.map((lesson) => lesson.title)).toEqual(['Monthly variance review']);
    // The lesson that stayed kept its id (and so every learner's progress on it).
    expect(after.modules[1].lessons.map((lesson) => lesson.id)).toEqual([secondLesson.id, expect.any(String)]);
    expect(after.modules[1].lessons[1].title).toBe('Forecasting the year end');

    // In Arabic: the same mode, right to left, and deleting a module says how many lessons go with it.
    await chooseLanguage(page, 'العربية');
    await page.getByTestId('edit-structure').getByText('إنهاء التعديل').waitFor();
    await page.getByTestId('add-module').getByText('إضافة وحدة').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('structure-module').first().getByTestId('edit-module').click();
    await waitForAnimationsToSettle(page);
    await page.getByTestId('module-title').fill('مراجعة الميزانية');
    await page.getByTestId('edit-module-save').click();
    await page.getByText('تم تحديث الوحدة').waitFor();
    await page.getByTestId('structure-module').first().getByText('مراجعة الميزانية').waitFor();
    await page.getByTestId('structure-module').first().getByTestId('delete-module').click();
    await page.getByText('هل تريد حذف الوحدة «مراجعة الميزانية»؟ عدد الدروس التي ستُحذف معها: 1.').waitFor();
    await saveScreenshot(page, 'course-structure-delete-module-ar');
    await page.getByTestId('confirm-delete-module').click();
    await page.getByText('تم حذف الوحدة').waitFor();
    await page.getByTestId('structure-module').filter({ hasText: 'مراجعة الميزانية' }).waitFor({ state: 'detached' });
    expect(await moduleTitles(page)).toEqual([`الوحدة 1: ${course.modules[0].title}`]);

    // The last lessons are the course's: refusing to delete the last one comes back as a toast with the reason.
    await page.getByTestId('structure-lesson').filter({ hasText: 'Forecasting the year end' }).getByTestId('delete-lesson').click();
    await page.getByTestId('confirm-delete-lesson').click();
    await page.getByText('تم حذف الدرس').waitFor();
    await page.getByTestId('structure-lesson').filter({ hasText: 'Forecasting the year end' }).waitFor({ state: 'detached' });
    expect(await lessonTitles(page)).toEqual([secondLesson.title]);
    await page.getByTestId('structure-lesson').first().getByTestId('delete-lesson').click();
    await page.getByTestId('confirm-delete-lesson').click();
    await page.getByText('تعذّر تعديل الدورة').waitFor();
    await page.getByText('A course must keep at least one lesson: add another lesson before deleting this one').waitFor();
    expect(await lessonTitles(page)).toEqual([secondLesson.title]);
    // The admin account is shared by other specs: it goes back to English.
    await chooseLanguage(page, 'English');

    // Learners never get the mode, and the gateway refuses them the routes.
    const learner = await newPage(browser);
    await demoLogin(learner.page);
    const refused = await callApi(learner.page, 'POST', `/api/courses/${course.id}/modules`, { title: 'Mine now' });
    expect(refused.status).toBe(403);
    await learner.page.goto('/courses');
    expect(await learner.page.getByTestId('edit-structure').count()).toBe(0);
    // A long walk through the whole mode, on machines that may be busy.
  }, 180_000);
  it('moves lessons and modules by dragging their grips with the mouse, in English and right to left in Arabic; the order stays after a reload', async () => {
    const admin = await newPage(browser);
    const page = admin.page;
    // Tall enough for the whole editor: a drag never has to scroll.
    await page.setViewportSize({ width: 1366, height: 1600 });
    await signIn(page, 'admin', 'admin123');
    const { course } = await callApiOk<CourseReply>(page, 'POST', '/api/courses', {
      title: `Stock Control ${Date.now()}`,
      description: 'Count, order and store stock without waste.',
      duration: '2 weeks',
      format: 'Online',
      departmentOwner: 'Operations',
      color: 'blue',
      abbreviation: 'SC',
      numberOfModules: 2,
      lessonsPerModule: 2,
    });
    const [first, second] = course.modules;
    const openEditor = async () => {
      await page.getByTestId('edit-structure').click();
      await page.getByTestId('course-structure-editor').waitFor();
      await page.getByTestId('course-structure-editor').evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await waitForAnimationsToSettle(page);
    };
    const lessonRow = (title: string) => page.getByTestId('structure-lesson').filter({ hasText: title });
    await page.goto(`/courses/${course.id}`);
    await openEditor();

    // The first lesson of module 1 dragged below the last lesson of module 2: one move, at its end.
    const moved = first.lessons[0];
    await dragWithMouse(page, lessonRow(moved.title).getByTestId('drag-handle'), lessonRow(moved.title), lessonRow(second.lessons[1].title), { below: true });
    await page.getByText('Lesson moved').waitFor();
    await page.getByTestId('structure-module').nth(1).getByText(moved.title).waitFor();
    // Within a module: module 2's first lesson dragged onto its last.
    await dragWithMouse(page, lessonRow(second.lessons[0].title).getByTestId('drag-handle'), lessonRow(second.lessons[0].title), lessonRow(moved.title));
    await page.waitForFunction(
      (titles) => Array.from(document.querySelectorAll('[data-testid="structure-lesson-title"]'), (element) => element.textContent).join('|') === titles.join('|'),
      [first.lessons[1].title, second.lessons[1].title, moved.title, second.lessons[0].title],
    );
    await page.reload();
    await openEditor();
    expect(await lessonTitles(page)).toEqual([first.lessons[1].title, second.lessons[1].title, moved.title, second.lessons[0].title]);
    const { course: afterLessons } = await callApiOk<CourseReply>(page, 'GET', `/api/courses/${course.id}`);
    // Ids kept: progress on the moved lesson stays with it.
    expect(afterLessons.modules[1].lessons.map((lesson) => lesson.id)).toEqual([second.lessons[1].id, moved.id, second.lessons[0].id]);

    // Right to left, in Arabic: module 2 dragged above module 1.
    await chooseLanguage(page, 'العربية');
    await page.getByTestId('course-structure-editor').waitFor();
    const moduleCard = (index: number) => page.getByTestId('structure-module').nth(index);
    const grip = moduleCard(1).getByTestId('drag-handle').first();
    expect(await grip.getAttribute('aria-label')).toBe(`اسحب للنقل: ${second.title}`);
    // The grip sits at the start of the line: the right-hand side in Arabic.
    const [gripBox, cardBox] = [(await grip.boundingBox())!, (await moduleCard(1).boundingBox())!];
    expect(gripBox.x + gripBox.width / 2).toBeGreaterThan(cardBox.x + cardBox.width / 2);
    await dragWithMouse(page, grip, moduleCard(1), moduleCard(0));
    await page.getByText('تم ترتيب الوحدات').waitFor();
    await saveScreenshot(page, 'course-structure-drag-ar');
    await page.reload();
    await page.getByTestId('edit-structure').click();
    await page.getByTestId('course-structure-editor').waitFor();
    expect(await moduleTitles(page)).toEqual([`الوحدة 1: ${second.title}`, `الوحدة 2: ${first.title}`]);
    // The admin account is shared by other specs: it goes back to English.
    await chooseLanguage(page, 'English');
    await admin.context.close();
  }, 180_000);
});
