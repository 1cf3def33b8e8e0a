import { Browser } from 'playwright-core';
import arabic from '../shell/src/locales/ar/shell.json';
import { launchBrowser, newPage, saveScreenshot } from './support/browser';

describe('a visitor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sees the landing page with its six features, in English by default', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: 'AI-Powered Learning Path Planner' }).waitFor();
    for (const feature of [
      'AI Skill Extraction',
      'Personalized Paths',
      'Course Mapping',
      'Progress Analytics',
      'AI Course Creation',
      'Skill Gap Analysis',
    ]) {
      await expectVisible(page.getByText(feature, { exact: true }).first());
    }
    await expectVisible(page.getByText('Start Your Journey').first());
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await saveScreenshot(page, 'landing-en');
    await context.close();
  });

  it('sees the landing page in Arabic, right to left, after switching language', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('language-switch').click();
    await page.getByText('العربية').last().click();
    await page.waitForFunction(() => document.documentElement.getAttribute('dir') === 'rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await expectVisible(page.getByRole('heading', { name: arabic.landing.hero.title }));
    await saveScreenshot(page, 'landing-ar');
    await context.close();
  });

  it('goes from the landing page to the login screen with Login, in the language chosen there', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('landing-hero').waitFor();
    await page.getByTestId('language-switch').click();
    await page.getByText('العربية').last().click();
    await page.waitForFunction(() => document.documentElement.getAttribute('dir') === 'rtl');
    await page.getByTestId('landing-login').click();
    await expectVisible(page.getByTestId('login-form'));
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectVisible(page.getByRole('heading', { name: arabic.login.title }));
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // Back to the landing page inside the portal, which shows the same page.
    await page.getByTestId('login-back').click();
    await expectVisible(page.getByRole('heading', { name: arabic.landing.hero.title }));
    await context.close();
  });

  it('signs in from the landing page with Demo Login, says so, and comes back signed in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('landing-demo-login').click();
    await expectVisible(page.getByTestId('job-role-selector'));
    await expectVisible(page.getByTestId('toast').filter({ hasText: 'Demo Login Successful' }));
    await page.reload();
    await expectVisible(page.getByTestId('job-role-selector'));
    expect(await page.getByTestId('landing-hero').count()).toBe(0);
    await context.close();
  });

  it('is sent to the login screen by GET /api/login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/api/login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectVisible(page.getByLabel('Username'));
    await context.close();
  });
});

async function expectVisible(locator: { waitFor(options?: { state?: 'visible'; timeout?: number }): Promise<void> }) {
  await locator.waitFor({ state: 'visible', timeout: 10_000 });
}
