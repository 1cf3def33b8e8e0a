import type { Browser, Page } from 'playwright-core';
import { chooseLanguage, demoLogin, launchBrowser, newPage, waitForAnimationsToSettle } from './support/browser';

/** One place the Tab key stopped: what it is, and how a sighted keyboard user sees it. */
interface FocusStop {
  /** The element, as a person would name it: test id, label or text. */
  name: string;
  /** The test ids of the element and of what holds it, to check that a control was reached. */
  testIds: string[];
  /** On screen, not hidden under something else (a sticky header, a drawer). */
  visible: boolean;
  /** Focused, it looks different from unfocused (an outline, a ring, a border or background). */
  indicated: boolean;
}

/** How long antd's focus transitions take before a computed style is the one a person sees. */
const TRANSITION_MS = 250;

/**
 * How an element looks, with the three elements around it (antd draws some rings on a wrapper: a
 * select's box, an input with an icon, a checkbox). Runs in the page.
 */
function lookOf(element: Element): string {
  const looks: string[] = [];
  let node: Element | null = element;
  for (let depth = 0; node && depth < 4; depth += 1, node = node.parentElement) {
    const style = getComputedStyle(node);
    looks.push([style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow, style.borderColor, style.backgroundColor].join(' '));
  }
  return looks.join(' | ');
}

/** Where focus is now: its name, test ids, and whether it is on screen and unobscured. */
async function focusedElement(page: Page): Promise<Omit<FocusStop, 'indicated'> | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const testIds: string[] = [];
    for (let node: HTMLElement | null = element; node; node = node.parentElement) {
      const testId = node.getAttribute('data-testid');
      if (testId) testIds.push(testId);
    }
    const label = element.getAttribute('aria-label') ?? element.innerText?.trim().split('\n')[0] ?? '';
    const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${testIds[0] ? `[${testIds[0]}]` : ''} "${label.slice(0, 40)}"`;
    // A visually hidden native input (the language switch's radios) shows itself through its label.
    const shown = element.getBoundingClientRect().width === 0 ? (element.closest('label') ?? element) : element;
    const box = shown.getBoundingClientRect();
    const inViewport = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    const unobscured = !!top && (shown.contains(top) || top.contains(shown));
    return { name, testIds, visible: inViewport && unobscured };
  });
}

/**
 * Presses Tab up to `maxStops` times and describes each stop. Whether a stop shows its focus is read
 * by comparing how it looks focused and, for a moment, unfocused; focus is then put back so the walk
 * continues from it. Stops when focus leaves the page's content (it wrapped round to the browser).
 */
async function tabThrough(page: Page, maxStops: number): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let index = 0; index < maxStops; index += 1) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(TRANSITION_MS);
    const element = await focusedElement(page);
    if (!element) break;
    const handle = await page.evaluateHandle(() => document.activeElement as HTMLElement);
    const focused = await handle.evaluate(lookOf);
    await handle.evaluate((node) => node.blur());
    await page.waitForTimeout(TRANSITION_MS);
    const blurred = await handle.evaluate(lookOf);
    // Back to where the walk was; focus() after a key press keeps the keyboard's focus style.
    await handle.evaluate((node) => node.focus());
    await handle.dispose();
    stops.push({ ...element, indicated: focused !== blurred });
  }
  return stops;
}

/** Every stop is on screen with a visible focus, none repeats at once (a trap), and each control in `reach` was reached. */
function expectUsableByKeyboard(screen: string, stops: FocusStop[], reach: string[]): void {
  expect({ screen, reached: stops.length > 0 }).toEqual({ screen, reached: true });
  expect({ screen, hiddenOrUnmarked: stops.filter((stop) => !stop.visible || !stop.indicated).map((stop) => `${stop.name}${stop.visible ? '' : ' (not visible)'}${stop.indicated ? '' : ' (no focus indicator)'}`) }).toEqual({
    screen,
    hiddenOrUnmarked: [],
  });
  const repeats = stops.filter((stop, index) => index > 0 && stops[index - 1].name === stop.name && stops[index - 1].testIds.join() === stop.testIds.join());
  expect({ screen, trappedAt: repeats.map((stop) => stop.name) }).toEqual({ screen, trappedAt: [] });
  const reachedIds = new Set(stops.flatMap((stop) => stop.testIds));
  expect({ screen, unreached: reach.filter((testId) => !reachedIds.has(testId)) }).toEqual({ screen, unreached: [] });
}

/** Shift+Tab from where the walk ended goes back: focus can leave every control in both directions. */
async function expectShiftTabLeaves(page: Page, screen: string): Promise<void> {
  const before = await focusedElement(page);
  await page.keyboard.press('Shift+Tab');
  await page.waitForTimeout(TRANSITION_MS);
  const after = await focusedElement(page);
  expect({ screen, movedBack: !before || before.name !== after?.name }).toEqual({ screen, movedBack: true });
}

async function settle(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('.ant-spin-spinning, .ant-skeleton-active') === null, undefined, { timeout: 10_000 }).catch(() => undefined);
  // A toast covers the header's end while it shows (the sign-in's "Login Successful"): let it go first.
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
  await waitForAnimationsToSettle(page, { timeout: 5_000 }).catch(() => undefined);
  // Start the walk from the top of the document, as a person arriving on the page does.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

describe('the portal by keyboard alone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tabs through the course library: each card, down to its "Open at <provider>" button, is on screen with a visible focus', async () => {
    const { context, page } = await newPage(browser);
    try {
      await demoLogin(page);
      await page.goto('/courses');
      await settle(page, 'external-course-link');
      // The header, the search, the filters, then the first cards' title links and provider buttons.
      expectUsableByKeyboard('courses (en)', await tabThrough(page, 22), ['course-card', 'external-course-link']);
      await expectShiftTabLeaves(page, 'courses (en)');
    } finally {
      await context.close();
    }
  }, 120_000);

  for (const language of ['en', 'ar'] as const) {
    it(`tabs through the landing page and the login screen with a visible focus (${language})`, async () => {
      const { context, page } = await newPage(browser);
      try {
        await context.addInitScript((chosen) => window.localStorage.setItem('masar.language', chosen), language);
        await page.goto('/');
        await settle(page, 'landing-hero');
        expectUsableByKeyboard(`landing (${language})`, await tabThrough(page, 12), ['landing-login', 'landing-demo-login']);
        await expectShiftTabLeaves(page, `landing (${language})`);

        await page.goto('/login');
        await settle(page, 'login-screen');
        expectUsableByKeyboard(`login (${language})`, await tabThrough(page, 10), ['login-back', 'login-form', 'login-demo']);
        await expectShiftTabLeaves(page, `login (${language})`);
      } finally {
        await context.close();
      }
    }, 120_000);

    it(`tabs through home; a dialog takes focus and gives it back when it closes (${language})`, async () => {
      const { context, page } = await newPage(browser);
      try {
        await demoLogin(page);
        if (language === 'ar') {
          await chooseLanguage(page, 'العربية');
          // Loaded afresh, so the walk starts at the top of the page, not at the switch just clicked.
          await page.reload();
        }
        await settle(page, 'job-role-selector');
        expectUsableByKeyboard(`home (${language})`, await tabThrough(page, 16), ['brand', 'job-role-select', 'open-upload-modal']);
        await expectShiftTabLeaves(page, `home (${language})`);

        // A modal dialog takes focus when it opens and hands it back to its opener on Escape.
        await page.getByTestId('open-upload-modal').focus();
        await page.keyboard.press('Enter');
        await page.getByTestId('upload-job-description-modal').waitFor();
        await waitForAnimationsToSettle(page);
        expect(await page.evaluate(() => !!document.activeElement?.closest('.ant-modal-wrap'))).toBe(true);
        await page.keyboard.press('Escape');
        await page.getByTestId('upload-job-description-modal').waitFor({ state: 'hidden' });
        await waitForAnimationsToSettle(page);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-upload-modal');

      } finally {
        // The demo account is shared by the run: its saved language goes back to English.
        if (language === 'ar') await chooseLanguage(page, 'English').catch(() => undefined);
        await context.close();
      }
    }, 240_000);
  }
});
