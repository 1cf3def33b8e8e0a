import type { CourseDetail, CourseList } from '@masar/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import arabic from '../mf-courses/src/locales/ar/courses.json';
import { callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot } from './support/browser';

const SEED_FILE = path.resolve(__dirname, '../svc-courses/src/catalog/seed-data/internal/agile-and-scrum-in-practice.json');
const COURSE_TITLE = 'Agile and Scrum in Practice';

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

    // An exercise: the work written, the checklist ticked, the lesson completed.
    const exercise = lessonNamed(course, 'Facilitating a Retrospective');
    await page.goto(`/courses/${course.id}/lessons/${exercise.id}`);
    await page.getByTestId('start-exercise').click();
    await page.getByTestId('exercise-workspace').waitFor();
    await page.getByTestId('exercise-submit').click();
    expect(await page.getByTestId('exercise-problem').textContent()).toBe('Write your work before submitting');
    await page.getByTestId('exercise-work').fill('We ran a 60-minute retrospective with five stages and agreed two owned actions for the next sprint.');
    await page.getByTestId('exercise-checklist').locator('input[type="checkbox"]').first().check();
    await page.getByTestId('exercise-submit').click();
    expect(await page.getByTestId('exercise-submitted').textContent()).toContain('Exercise submitted: lesson completed');
    await page.getByTestId('lesson-completed-button').waitFor();
    await saveScreenshot(page, 'lesson-exercise-submitted-en');
    await context.close();
  });
});
