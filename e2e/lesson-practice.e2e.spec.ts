import type { CourseDetail, CourseList } from '@masar/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import arabic from '../mf-courses/src/locales/ar/courses.json';
import { acceptAiNoticeInForce, callApi, callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot, signIn } from './support/browser';

const SEED_FILE = path.resolve(__dirname, '../svc-courses/src/catalog/seed-data/internal/agile-and-scrum-in-practice.json');
const COURSE_TITLE = 'Agile and Scrum in Practice';
const NOTES_PDF = path.resolve(__dirname, 'fixtures/retrospective-notes.pdf');
/** A real 1×1 PNG: a screenshot of the work, which offline feedback cannot look at. */
const SCREENSHOT = { name: 'whiteboard.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f80f00000101000518d84e0000000049454e44ae426082', 'hex') };

/** What an admin writes into the Module 3 quiz: one question with one right option, one with several. */
const MULTI_ANSWER_QUIZ = [
  '1. Which metric measures how long one work item takes from start to finish?\nA) Cycle time\nB) Velocity\nC) Story points\nAnswer: A\nExplanation: Cycle time is measured per item.',
  '2. Which of these are Kanban practices?\nA) Limit work in progress\nB) Fixed-length sprints\nC) Visualise the workflow\nD) Sprint Review\nAnswer: A and C\nExplanation: Kanban visualises work and limits WIP; sprints and reviews belong to Scrum.',
].join('\n\n');

interface SeedLesson {
  title: string;
  type: string;
  content: string;
}

/** The seed's answers, by question text: the test knows them, the learner's browser must not. */
function answersOf(quizTitle: string): Map<string, string> {
  const seed = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as { modules: { lessons: SeedLesson[] }[] };
  const lesson = seed.modules.flatMap((module) => module.lessons).find((candidate) => candidate.title === quizTitle);
  const answers = new Map<string, string>();
  for (const block of (lesson?.content ?? '').split(/\n\s*\n/)) {
    const question = /^\d+\.\s*(.+)$/m.exec(block)?.[1];
    const answer = /^Answer:\s*(.+)$/m.exec(block)?.[1];
    if (question && answer) answers.set(question.trim(), answer.trim());
  }
  return answers;
}

async function seededCourse(page: Page): Promise<CourseDetail> {
  const list = await callApiOk<CourseList>(page, 'GET', `/api/courses?q=${encodeURIComponent('Agile and Scrum')}&page=1&pageSize=12`);
  const summary = list.items.find((item) => item.title === COURSE_TITLE);
  if (!summary) throw new Error(`${COURSE_TITLE} is not in the catalog`);
  return (await callApiOk<{ course: CourseDetail }>(page, 'GET', `/api/courses/${summary.id}`)).course;
}

function lessonNamed(course: CourseDetail, title: string) {
  const lesson = course.modules.flatMap((module) => module.lessons).find((candidate) => candidate.title === title);
  if (!lesson) throw new Error(`No lesson "${title}"`);
  return lesson;
}

/** Answers every question, one at a time, rightly or wrongly, then submits. */
async function answerQuiz(page: Page, answers: Map<string, string>, rightly: boolean): Promise<void> {
  await page.getByTestId('quiz-runner').waitFor();
  for (;;) {
    const question = ((await page.getByTestId('quiz-question').textContent()) ?? '').trim();
    const answer = answers.get(question);
    expect(answer).toBeDefined();
    const options = page.getByTestId('quiz-option');
    // Read the choices once they have rendered, not while the question is still drawing.
    await options.first().waitFor();
    const texts = (await options.allTextContents()).map((text) => text.trim());
    expect(texts).toContain(answer);
    const index = rightly ? texts.indexOf(answer as string) : texts.findIndex((text) => text !== answer);
    await options.nth(index).click();
    if ((await page.getByTestId('quiz-next').count()) === 0) break;
    await page.getByTestId('quiz-next').click();
  }
  await page.getByTestId('quiz-submit').click();
  await page.getByTestId('quiz-result').waitFor();
}

describe('quizzes and exercises', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('a learner fails a seed quiz, retries, passes it and the lesson shows completed; in Arabic too; and submits an exercise', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    const course = await seededCourse(page);

    // The course as a learner gets it holds the questions but none of the answers.
    const firstQuiz = lessonNamed(course, 'Module 1 Quiz: Foundations and Roles');
    expect(firstQuiz.content).toContain('Who orders the Product Backlog?');
    expect(firstQuiz.content).not.toMatch(/Answer:|Explanation:/);

    await page.goto(`/courses/${course.id}/lessons/${firstQuiz.id}`);
    await page.getByTestId('start-quiz').click();
    const answers = answersOf(firstQuiz.title);
    await answerQuiz(page, answers, false);
    const failed = page.getByTestId('quiz-result');
    expect(await failed.textContent()).toContain('Not passed yet');
    expect(await failed.textContent()).toContain('The pass mark is 70%.');
    expect(await page.getByTestId('quiz-correct-answer').first().textContent()).toMatch(/^Correct answer: /);
    expect(await page.getByTestId('quiz-explanation').count()).toBe(answers.size);
    expect(await page.getByTestId('mark-lesson-complete').count()).toBe(1);

    await page.getByTestId('quiz-retry').click();
    await answerQuiz(page, answers, true);
    expect(await page.getByTestId('quiz-result').textContent()).toContain('Quiz passed');
    expect(await page.getByTestId('quiz-result').textContent()).toContain('You scored 100%');
    await page.getByTestId('lesson-completed-button').waitFor();
    await saveScreenshot(page, 'lesson-quiz-passed-en');
    // Recorded by svc-progress, so it survives a reload.
    await page.reload();
    await page.getByTestId('lesson-completed-button').waitFor();

    // Arabic: the interface right to left, the quiz in the course's own language.
    await chooseLanguage(page, 'العربية');
    try {
      const secondQuiz = lessonNamed(course, 'Module 2 Quiz: Events');
      await page.goto(`/courses/${course.id}/lessons/${secondQuiz.id}`);
      const start = page.getByTestId('start-quiz');
      await start.waitFor();
      expect((await start.textContent())?.trim()).toBe(arabic.lesson.startQuiz);
      await start.click();
      expect(await page.getByTestId('quiz-position').textContent()).toBe(arabic.practice.quiz.position.replace('{{position}}', '1').replace('{{total}}', '5'));
      await answerQuiz(page, answersOf(secondQuiz.title), true);
      expect(await page.getByTestId('quiz-result').textContent()).toContain(arabic.practice.quiz.passed);
      await page.getByTestId('lesson-completed-button').waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await saveScreenshot(page, 'lesson-quiz-passed-ar');
    } finally {
      await chooseLanguage(page, 'English');
    }

    // An exercise: the work written, the checklist ticked, the lesson completed, the feedback shown.
    await acceptAiNoticeInForce(page);
    const exercise = lessonNamed(course, 'Facilitating a Retrospective');
    await page.goto(`/courses/${course.id}/lessons/${exercise.id}`);
    await page.getByTestId('start-exercise').click();
    await page.getByTestId('exercise-workspace').waitFor();
    expect(await page.getByTestId('exercise-feedback-note').textContent()).toContain('automatic feedback');
    await page.getByTestId('exercise-submit').click();
    expect(await page.getByTestId('exercise-problem').textContent()).toBe('Write your work or attach a file before submitting');
    await page.getByTestId('exercise-work').fill('We ran a 60-minute retrospective with five stages and agreed two owned actions for the next sprint.');
    await page.getByTestId('exercise-checklist').locator('input[type="checkbox"]').first().check();
    await page.getByTestId('exercise-submit').click();
    const submitted = page.getByTestId('exercise-submission');
    await submitted.waitFor();
    expect(await page.getByTestId('exercise-feedback').getAttribute('data-status')).toBe('given');
    expect(await page.getByTestId('exercise-feedback-text').textContent()).toContain('automatic check of coverage, not a grade');
    await page.getByTestId('lesson-completed-button').waitFor();
    await saveScreenshot(page, 'lesson-exercise-submitted-en');
    await context.close();
  });

  it('a learner attaches a PDF and a screenshot to their exercise, sees what it covers and that the screenshot was not looked at, and finds it again after a reload; in Arabic too', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await acceptAiNoticeInForce(page);
    const course = await seededCourse(page);
    const exercise = lessonNamed(course, 'Facilitating a Retrospective');
    await page.goto(`/courses/${course.id}/lessons/${exercise.id}`);
    // A returning learner sees their latest submission first (the previous test's, or none on a fresh run).
    const again = page.getByTestId('exercise-submit-again');
    const start = page.getByTestId('start-exercise');
    await again.or(start).first().waitFor();
    await ((await again.count()) > 0 ? again : start).click();
    await page.getByTestId('exercise-workspace').waitFor();
    await page.getByTestId('exercise-work').fill('');
    await page.getByTestId('exercise-files').locator('input[type="file"]').setInputFiles([{ name: 'retrospective-notes.pdf', mimeType: 'application/pdf', buffer: readFileSync(NOTES_PDF) }, SCREENSHOT]);
    await page.getByText('retrospective-notes.pdf').first().waitFor();
    await page.getByText('whiteboard.png').first().waitFor();
    await page.getByTestId('exercise-submit').click();
    const shown = page.getByTestId('exercise-submission');
    await shown.waitFor();
    expect(await shown.getByTestId('exercise-attachment-link').allTextContents()).toEqual([expect.stringContaining('retrospective-notes.pdf'), expect.stringContaining('whiteboard.png')]);
    // The PDF's own text was read: its two points count as covered.
    const covered = (await page.getByTestId('exercise-feedback-covered').textContent()) ?? '';
    expect(covered).toContain('Five stages: set the stage, gather data, generate insights, decide, close');
    expect(covered).toContain('A sprint timeline surfaces facts before opinions');
    expect(await page.getByTestId('exercise-feedback-missing').textContent()).toContain('Check previous actions at the start of each retrospective');
    const feedback = (await page.getByTestId('exercise-feedback-text').textContent()) ?? '';
    expect(feedback).toContain('The text of retrospective-notes.pdf was included in the check.');
    // Offline feedback reads no pictures, and says so rather than seeming to have judged it.
    expect(feedback).toContain('This feedback did not look at whiteboard.png: it cannot read images');
    await saveScreenshot(page, 'lesson-exercise-feedback-en');

    // The file downloads as a file, for its owner.
    const href = (await shown.getByTestId('exercise-attachment-link').first().getAttribute('href')) as string;
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="retrospective-notes\.pdf"/);
    expect(download.headers()['x-content-type-options']).toBe('nosniff');
    expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // After a reload, in Arabic: the same submission, its file and its feedback, labelled in Arabic.
    await chooseLanguage(page, 'العربية');
    try {
      await page.reload();
      const reloaded = page.getByTestId('exercise-submission');
      await reloaded.waitFor();
      expect(await reloaded.textContent()).toContain(arabic.practice.exercise.latestSubmission);
      expect(await reloaded.getByTestId('exercise-attachment-link').first().textContent()).toContain('retrospective-notes.pdf');
      expect(await page.getByTestId('exercise-feedback-covered').textContent()).toContain(arabic.practice.exercise.covered);
      expect(((await page.getByTestId('exercise-submit-again').textContent()) ?? '').trim()).toBe(arabic.practice.exercise.submitAgain);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await saveScreenshot(page, 'lesson-exercise-submission-ar');
    } finally {
      await chooseLanguage(page, 'English');
    }

    // Another learner cannot fetch it: the same 404 as for a file that does not exist.
    const { context: admin, page: stranger } = await newPage(browser);
    await signIn(stranger, 'admin', 'admin123');
    const learnerName = `practice.${Date.now().toString(36)}`;
    await callApiOk(stranger, 'POST', '/api/admin/users', {
      username: learnerName,
      password: 'a sentence the other learner knows',
      firstName: 'Other',
      lastName: 'Learner',
      email: `${learnerName}@masar.test`,
      role: 'learner',
      preferredLanguage: 'en',
    });
    expect((await callApi(stranger, 'GET', href)).status).toBe(200);
    await callApiOk(stranger, 'POST', '/api/auth/logout');
    await signIn(stranger, learnerName, 'a sentence the other learner knows');
    expect(await callApi(stranger, 'GET', href)).toEqual({ status: 404, body: { statusCode: 404, message: 'Attachment not found' } });
    await admin.close();
    await context.close();
  });

  it('a learner answers a "select all that apply" question an admin wrote, sees every right option, and passes; in Arabic', async () => {
    const { context: adminContext, page: adminPage } = await newPage(browser);
    await signIn(adminPage, 'admin', 'admin123');
    const course = await seededCourse(adminPage);
    const quiz = lessonNamed(course, 'Module 3 Quiz: Flow and Approach');
    await callApiOk(adminPage, 'PUT', `/api/courses/${course.id}/lessons/${quiz.id}`, { content: MULTI_ANSWER_QUIZ });
    await adminContext.close();

    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await chooseLanguage(page, 'العربية');
    try {
      await page.goto(`/courses/${course.id}/lessons/${quiz.id}`);
      await page.getByTestId('start-quiz').click();
      await page.getByTestId('quiz-runner').waitFor();
      await page.getByTestId('quiz-option').filter({ hasText: 'Cycle time' }).click();
      await page.getByTestId('quiz-next').click();
      expect(await page.getByTestId('quiz-select-all').textContent()).toBe(arabic.practice.quiz.selectAll);
      const checkboxes = page.getByTestId('quiz-runner').locator('input[type="checkbox"]');
      await checkboxes.first().waitFor({ state: 'attached' });
      expect(await checkboxes.count()).toBe(4);
      // Half right first: one of the two right options.
      await page.getByTestId('quiz-option').filter({ hasText: 'Limit work in progress' }).click();
      await page.getByTestId('quiz-submit').click();
      await page.getByTestId('quiz-result').waitFor();
      expect(await page.getByTestId('quiz-result').textContent()).toContain(arabic.practice.quiz.notPassed);
      const shownRight = (await page.getByTestId('quiz-correct-answer').textContent()) ?? '';
      expect(shownRight).toContain(arabic.practice.quiz.correctAnswers);
      expect(shownRight).toContain('Limit work in progress');
      expect(shownRight).toContain('Visualise the workflow');
      await saveScreenshot(page, 'lesson-quiz-multi-answer-ar');

      await page.getByTestId('quiz-retry').click();
      await page.getByTestId('quiz-option').filter({ hasText: 'Cycle time' }).click();
      await page.getByTestId('quiz-next').click();
      await page.getByTestId('quiz-option').filter({ hasText: 'Visualise the workflow' }).click();
      await page.getByTestId('quiz-option').filter({ hasText: 'Limit work in progress' }).click();
      await page.getByTestId('quiz-submit').click();
      await page.getByTestId('quiz-result').waitFor();
      expect(await page.getByTestId('quiz-result').textContent()).toContain(arabic.practice.quiz.passed);
      await page.getByTestId('lesson-completed-button').waitFor();
    } finally {
      await chooseLanguage(page, 'English');
    }
    await context.close();
  });
});
