import type { AgentTask, AgentTaskPage, CourseList, QualityReport } from '@masar/contracts';
import { pollUntil } from '@masar/contracts/service-kit/testing';
import { Browser, Locator, Page } from 'playwright-core';
import { callApi, callApiOk, chooseLanguage, clickWhenSettled, launchBrowser, newPage, saveScreenshot, signIn } from '../support/browser';

/**
 * The AI agents journey on a platform whose AI features use a model (a fake one on loopback that
 * takes 1.5 s a lesson): Ready AI on three catalog courses, followed on the control center as the
 * real tasks move, one paused and resumed, one cancelled, and the new course reviewed on /quality.
 */
const PICKS = ['Agile and Scrum in Practice', 'Excel Essentials for Everyday Work', 'Leading and Developing Teams'];

async function tasksNamed(page: Page, title: string): Promise<AgentTask[]> {
  const list = await callApiOk<AgentTaskPage>(page, 'GET', '/api/ai-agents/tasks?agent=course-creation&pageSize=50');
  const ids = list.items.filter((task) => task.title === title).map((task) => task.id);
  return Promise.all(ids.map(async (id) => (await callApiOk<{ task: AgentTask }>(page, 'GET', `/api/ai-agents/tasks/${id}`)).task));
}

/** Polls through the gateway, as a browser would, every 250 ms. */
function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  return pollUntil(read, what, timeoutMs, 250);
}

function taskCard(page: Page, title: string): Locator {
  return page.getByTestId('agent-task').filter({ has: page.getByTestId('agent-task-title').getByText(title, { exact: true }) }).first();
}

describe('AI agents: Ready AI, the control center and the quality review', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('creates three courses, follows them truthfully, pauses and resumes one, cancels another, and reviews the new course', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', 'admin123');

    // Ready AI: three courses from the catalog's categories.
    await page.goto('/courses');
    await page.getByTestId('courses-ready-ai').click();
    const dialog = page.getByTestId('ready-ai-dialog');
    await dialog.waitFor();
    for (const title of PICKS) await dialog.getByRole('checkbox', { name: title, exact: true }).click();
    await page.getByText('3 courses selected').waitFor();
    await page.getByText('Maximum courses selected').waitFor();
    await page.getByTestId('ready-ai-create').click();

    // The progress dialog follows the real tasks: their own step text, not a timer.
    const progress = page.getByTestId('ready-ai-progress');
    await progress.waitFor();
    await page.getByText('Creating courses').first().waitFor();
    await progress.getByTestId('ready-ai-task-step').getByText(/^Writing module [1-6] of 6/).first().waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'ready-ai-progress-en');

    // The control center shows the same tasks. Cancel the third first, whatever it is doing (queued or running).
    await page.goto('/ai-agents');
    const third = taskCard(page, PICKS[2]);
    await third.getByTestId('agent-task-cancel').click();
    await third.getByTestId('agent-task-status').getByText('Cancelled', { exact: true }).waitFor();

    // Pause the second while it runs: it stops at its next step boundary.
    const second = taskCard(page, PICKS[1]);
    await second.getByTestId('agent-task-pause').waitFor({ timeout: 30_000 });
    await second.getByTestId('agent-task-pause').click();
    await second.getByTestId('agent-task-status').getByText('Paused', { exact: true }).waitFor();
    const [paused] = await tasksNamed(page, PICKS[1]);
    const settled = await until(async () => {
      const [task] = await tasksNamed(page, PICKS[1]);
      return task.logs.some((line) => line.message.startsWith('Paused after step')) ? task : undefined;
    }, 'the pause to take effect at a step boundary');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [stillPaused] = await tasksNamed(page, PICKS[1]);
    expect(stillPaused.status).toBe('paused');
    expect(stillPaused.progress).toBe(settled.progress);
    expect(stillPaused.progress).toBeLessThan(100);

    // Resume the second: it continues from its last finished step.
    await second.getByTestId('agent-task-resume').click();
    const finished = await until(async () => {
      const tasks = await Promise.all(PICKS.slice(0, 2).map(async (title) => (await tasksNamed(page, title))[0]));
      return tasks.every((task) => task.status === 'completed' || task.status === 'failed') ? tasks : undefined;
    }, 'the two kept tasks to finish', 90_000);
    expect(finished.map((task) => task.status)).toEqual(['completed', 'completed']);
    for (const task of finished) expect(task.result).toMatchObject({ modules: 6, lessons: 12 });
    const resumedLog = finished[1].logs.map((line) => line.message);
    expect(resumedLog.some((line) => line.startsWith('Resumed by its starter: continues with step'))).toBe(true);
    expect(resumedLog.filter((line) => /^Wrote module \d of 6 /.test(line))).toHaveLength(6);
    expect(paused.id).toBe(finished[1].id);

    // Nothing half-made was left by the cancelled task.
    const [cancelled] = await tasksNamed(page, PICKS[2]);
    expect(cancelled).toMatchObject({ status: 'cancelled', result: null });
    const sameTitle = await callApiOk<CourseList>(page, 'GET', `/api/courses?q=${encodeURIComponent(PICKS[2])}`);
    expect(sameTitle.items.filter((course) => course.title === PICKS[2])).toHaveLength(1);

    // The details panel: the log and a link to the course made.
    await page.reload();
    await taskCard(page, PICKS[0]).getByTestId('agent-task-title').click();
    const courseLink = page.getByTestId('agent-task-course');
    await courseLink.waitFor();
    expect(await courseLink.getAttribute('href')).toBe(`/courses?courseId=${finished[0].result!.courseId}&action=view`);
    await page.getByTestId('agent-task-logs').getByText(/Saved the course/).waitFor();
    await saveScreenshot(page, 'ai-agents-en');

    // The lesson was written by the model, from the library's material.
    const course = await callApiOk<{ course: { modules: { lessons: { content: string }[] }[] } }>(page, 'GET', `/api/courses/${finished[0].result!.courseId}`);
    expect(course.course.modules).toHaveLength(6);
    expect(course.course.modules[0].lessons[0].content).toMatch(/^Written by the test model from its source, following: "You write one lesson of a course for Masar/);

    // The quality agent reviews every new course; /quality lists it with its report.
    const newCourseId = finished[0].result!.courseId!;
    const report = await until(async () => {
      const answer = await callApi<QualityReport>(page, 'GET', `/api/quality/courses/${newCourseId}`);
      return answer.status === 200 ? answer.body : undefined;
    }, 'the quality review of the new course', 60_000);
    expect(report.findings.length).toBeGreaterThan(0);
    await page.goto('/quality');
    await page.locator(`[data-testid="quality-courses"] a[href*="${newCourseId}"]`).first().waitFor();

    // In Arabic, right to left.
    await page.goto('/ai-agents');
    await chooseLanguage(page, 'العربية');
    await page.getByText('مركز التحكم بوكلاء الذكاء الاصطناعي').waitFor();
    await taskCard(page, PICKS[2]).getByTestId('agent-task-status').getByText('ملغاة', { exact: true }).waitFor();
    await saveScreenshot(page, 'ai-agents-ar');
    await chooseLanguage(page, 'English');
    await context.close();
  });
});

describe('prompt templates: what the model is told', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('uses an edited lesson-writing prompt on the next lesson the model writes, and restores the old one', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', 'admin123');
    await page.goto('/ai-agents');
    await page.getByTestId('agents-open-prompts').click();
    await page.getByTestId('prompt-item-lesson-composition').click();
    const text = page.getByTestId('prompt-text');
    await page.waitForFunction(() =>
      ((document.querySelector('[data-testid="prompt-text"]') as HTMLTextAreaElement | null)?.value ?? '').startsWith('You write one lesson'),
    );
    const original = await text.inputValue();
    const edited = 'You write one lesson of a course for Masar, in plain words a new starter understands.';
    await text.fill([edited, ...original.split('\n').slice(1)].join('\n'));
    await page.getByTestId('prompt-save').click();
    await page.getByTestId('toast').getByText('Prompt Updated').waitFor();

    // The next course the model writes follows the edited instructions.
    const catalog = await callApiOk<CourseList>(page, 'GET', `/api/courses?q=${encodeURIComponent('Project Planning, Scheduling')}`);
    const pick = catalog.items.find((course) => course.title === 'Project Planning, Scheduling and Risk Management')!;
    const started = await callApiOk<{ tasks: AgentTask[] }>(page, 'POST', '/api/courses/create-from-categories', {
      selectedCourses: [{ id: pick.id, title: pick.title }],
    });
    const done = await until(async () => {
      const { task } = await callApiOk<{ task: AgentTask }>(page, 'GET', `/api/ai-agents/tasks/${started.tasks[0].id}`);
      return task.status === 'completed' || task.status === 'failed' ? task : undefined;
    }, 'the Ready AI task', 90_000);
    expect(done.status).toBe('completed');
    const course = await callApiOk<{ course: { modules: { lessons: { content: string }[] }[] } }>(page, 'GET', `/api/courses/${done.result!.courseId}`);
    expect(course.course.modules[0].lessons[0].content).toContain(`following: "${edited}"`);

    // Version 1 (the seeded default) comes back.
    await page.getByTestId('prompt-restore-1').click();
    await clickWhenSettled(page, page.getByTestId('confirm-ok'));
    await page.waitForFunction(
      (expected) => (document.querySelector('[data-testid="prompt-text"]') as HTMLTextAreaElement | null)?.value === expected,
      original,
    );
    await context.close();
  });
});
