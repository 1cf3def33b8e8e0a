import fs from 'node:fs';
import path from 'node:path';
import { Browser, BrowserContext, Frame, Locator, Page, chromium } from 'playwright-core';
import { checkEveryScreen, checkScreenOnce } from './accessibility';
import { waitForAnimationsToSettle } from './animations';

export { waitForAnimationsToSettle };

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:8090';
export const ARTIFACTS = path.resolve(__dirname, '../artifacts');

// Without the background-networking flags chromium keeps dialling out, and this machine refuses it.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(browser: Browser, options: { mobile?: boolean; baseURL?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? BASE_URL,
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  checkEveryScreen(context, page);
  return { context, page };
}

/** Saves a full-page screenshot; a screen worth keeping is also one to check for accessibility. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await checkScreenOnce(page);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Signs in through the login screen, the way a person does. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByTestId('job-role-selector').waitFor();
}

export async function demoLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Demo Login' }).click();
  // The home page's role selector is there on every screen size (Logout hides in a menu on phones).
  await page.getByTestId('job-role-selector').waitFor();
}

/**
 * Clicks `target` once it is there and nothing on the page moves any more (a dropdown sliding in, a
 * dialog zooming in): a click sent while it moves can land on its neighbour or beside it.
 */
export async function clickWhenSettled(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  await waitForAnimationsToSettle(page);
  await target.click();
}

/**
 * Opens a tab of an antd Tabs once its modal has stopped moving, and waits until it is selected.
 * A click right after a modal opened inside a custom element's shadow root was now and then not
 * taken (seen in 2 of about 6 runs, cause not found): a person would click again, so the test does, at most three times.
 */
export async function openTab(scope: Page | Frame | Locator, page: Page, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await waitForAnimationsToSettle(page);
    await scope.getByRole('tab', { name }).click();
    try {
      await scope.getByRole('tab', { name, selected: true }).waitFor({ timeout: attempt === 3 ? 30_000 : 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** What a same-origin call answered: its status and its body (parsed when it is JSON). */
export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** A same-origin call from the page itself, as the portal makes it (its cookies, its Origin). */
export async function callApi<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: the text itself.
      }
      return { status: response.status, body: parsed as T };
    },
    { method, url, body },
  );
}

/** The same, for calls that must succeed: the body, or an error naming the status and what the server said. */
export async function callApiOk<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, url, body);
  if (answer.status >= 400) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * Deletes the signed-in learner's learning paths. The demo learner is shared by the run's specs, in an
 * order Jest chooses: a spec that reads "the newest path" or measures a page without one starts here.
 */
export async function deleteOwnLearningPaths(page: Page): Promise<void> {
  const { items } = await callApiOk<{ items: Array<{ id: string }> }>(page, 'GET', '/api/learning-paths');
  for (const path of items) await callApiOk(page, 'DELETE', `/api/learning-paths/${path.id}`);
}

/**
 * Accepts, through the API, the AI-use notice in force if the signed-in learner has not: another spec of
 * the run may have published one (a notice cannot be withdrawn), and a spec about something else starts
 * from a learner who has already accepted it. The notice itself is tested in ai-governance.e2e.spec.ts.
 */
export async function acceptAiNoticeInForce(page: Page): Promise<void> {
  const status = await callApiOk<{ noticeRequired: boolean; notice: { version: number } | null }>(page, 'GET', '/api/ai-governance/me');
  if (status.noticeRequired && status.notice) {
    await callApiOk(page, 'POST', '/api/ai-governance/notice/accept', { version: status.notice.version });
  }
}

/**
 * Chooses a language in the header's switch. A signed-in person's choice is saved in their profile,
 * so a test that leaves a shared account in Arabic switches back before it ends.
 */
export async function chooseLanguage(page: Page, label: 'English' | 'العربية'): Promise<void> {
  await page.getByTestId('language-switch').first().click();
  await page.getByText(label, { exact: true }).last().click();
  const dir = label === 'English' ? 'ltr' : 'rtl';
  await page.waitForFunction((expected) => document.documentElement.getAttribute('dir') === expected, dir);
}
