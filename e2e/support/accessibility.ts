import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { waitForAnimationsToSettle } from './animations';

/** WCAG 2.2 AA, and the A and AA rules of the versions before it. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** What fails a test: what stops or badly hinders someone (moderate and minor are left to review). */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/**
 * Moderate rules outside WCAG's tags that the route sweep holds every screen to: a screen reader
 * user moves by headings, and a level skipped (a card's h4 under the page's h2) reads as a lost section.
 */
const STRUCTURE_RULES = ['heading-order'];

export interface ScreenCheck {
  /** Also STRUCTURE_RULES, whatever their impact. */
  structure?: boolean;
}

/**
 * The axe violations of what the page shows now that fail the build (serious or critical against
 * WCAG 2.2 AA). Animations are let finish first: a toast or modal caught half faded in has a lower
 * contrast than the one anyone reads. What fails is checked a second time once the page is still
 * again, and only what fails both times counts: an answer arriving during the check can start a
 * transition (a button enabled as its data lands, caught at 2.3:1 between grey and teal) that the
 * wait before it could not see coming.
 */
export async function findAccessibilityViolations(page: Page, check: ScreenCheck = {}): Promise<Result[]> {
  const first = await runAxe(page, check);
  if (first.length === 0) return first;
  return violationsInBoth(first, await runAxe(page, check));
}

async function runAxe(page: Page, { structure = false }: ScreenCheck): Promise<Result[]> {
  await waitForAnimationsToSettle(page, { timeout: 5_000 }).catch(() => undefined);
  // Legacy mode runs axe once inside the page instead of opening a second page to merge the frames'
  // results: half the time, and the only frames Masar shows are the video players' own pages.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  if (!structure) return blocking;
  const structural = await new AxeBuilder({ page }).withRules(STRUCTURE_RULES).setLegacyMode(true).analyze();
  return [...blocking, ...structural.violations];
}

/** The violations of `first` narrowed to the elements that broke the same rule in `second`. */
export function violationsInBoth(first: Result[], second: Result[]): Result[] {
  const failedAgain = new Set(second.flatMap((violation) => violation.nodes.map((node) => nodeKey(violation.id, node.target))));
  return first
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => failedAgain.has(nodeKey(violation.id, node.target))) }))
    .filter((violation) => violation.nodes.length > 0);
}

function nodeKey(rule: string, target: Result['nodes'][number]['target']): string {
  return JSON.stringify([rule, target]);
}

/** One readable paragraph per violation: rule, impact, what it asks, and the elements, by selector. */
export function describeViolations(where: string, violations: Result[]): string {
  const lines = [`axe: ${violations.length} rule(s) broken on ${where}:`];
  for (const violation of violations) {
    lines.push(`- ${violation.id} (${violation.impact}): ${violation.help} [${violation.helpUrl}]`);
    for (const node of violation.nodes.slice(0, 8)) {
      lines.push(`    ${node.target.join(' >> ')}${node.failureSummary ? `: ${node.failureSummary.replace(/\s*\n\s*/g, ' ')}` : ''}`);
    }
    if (violation.nodes.length > 8) lines.push(`    … and ${violation.nodes.length - 8} more`);
  }
  return lines.join('\n');
}

/** Where the page is, for the report and to check each screen once: its path (ids as :id) and language. */
export async function screenKey(page: Page): Promise<string | undefined> {
  const url = new URL(page.url());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // A JSON answer or a file the browser shows is not a Masar screen.
  if (url.pathname.startsWith('/api/')) return undefined;
  const language = await page
    .evaluate(() => document.documentElement.getAttribute('lang') ?? '')
    .catch(() => '');
  const path = url.pathname
    .split('/')
    .map((segment) => (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) || /^\d+$/.test(segment) ? ':id' : segment))
    .join('/');
  return `${path} (${language || 'no lang'})`;
}

/** Checks the page now and throws the readable list when anything serious or critical is found. */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  const violations = await findAccessibilityViolations(page);
  if (violations.length > 0) throw new Error(describeViolations(label ?? (await screenKey(page)) ?? page.url(), violations));
}

/*
 * Every page the browser tests open is checked without the specs asking: at the moments a spec has
 * finished with a screen (before it navigates away or reloads, when it saves a screenshot, when it
 * closes the page or its context), once per screen and language per test. A failure is kept and
 * reported after the test (see accessibility-setup.ts), so a check that runs in a spec's `finally`
 * never hides the spec's own error.
 */
const checkedThisTest = new Set<string>();
const failuresThisTest: string[] = [];

/** The failures found during the test that just ended; the list starts again empty. */
export function takeAccessibilityFailures(): string[] {
  checkedThisTest.clear();
  return failuresThisTest.splice(0, failuresThisTest.length);
}

/** Checks the page if its current screen and language were not checked yet in this test. */
export async function checkScreenOnce(page: Page, check: ScreenCheck = {}): Promise<void> {
  if (page.isClosed()) return;
  const key = await screenKey(page).catch(() => undefined);
  if (!key || checkedThisTest.has(key)) return;
  checkedThisTest.add(key);
  try {
    const violations = await findAccessibilityViolations(page, check);
    if (violations.length > 0) failuresThisTest.push(describeViolations(key, violations));
  } catch (error) {
    // The page went away under the check (a spec closing it at once): nothing left to check.
    if (!page.isClosed()) failuresThisTest.push(`axe could not check ${key}: ${(error as Error).message}`);
  }
}

/** Makes a page check itself each time a spec is done with a screen (see above). */
export function checkEveryScreen(context: BrowserContext, page: Page): void {
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      await checkScreenOnce(page);
      return original(...args);
    };
  }
  const closePage = page.close.bind(page);
  page.close = async (options) => {
    await checkScreenOnce(page);
    return closePage(options);
  };
  const closeContext = context.close.bind(context);
  context.close = async (options) => {
    for (const open of context.pages()) await checkScreenOnce(open);
    return closeContext(options);
  };
}
