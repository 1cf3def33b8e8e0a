import { Browser, Page } from 'playwright-core';
import { callApiOk, chooseLanguage, demoLogin, launchBrowser, newPage, saveScreenshot, signIn } from './support/browser';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' };

describe('signing in and using the portal', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('demo login reaches the home page', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.getByText('Demo Login Successful').first().waitFor();
    await page.getByTestId('job-role-selector').waitFor();
    await saveScreenshot(page, 'home-en');
    await context.close();
  });

  it("without antd's stylesheet the portal loads antd's style generators first and draws styled; with it, it never downloads them", async () => {
    const scriptsOf = (page: Page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      return scripts;
    };
    const withSheet = await newPage(browser);
    const scriptsWithSheet = scriptsOf(withSheet.page);
    await demoLogin(withSheet.page);
    const logoutWithSheet = withSheet.page.getByRole('button', { name: 'Logout' }).first();
    // An antd button is a flex box only by antd's CSS (a bare <button> is inline-block).
    expect(await logoutWithSheet.evaluate((button) => getComputedStyle(button).display)).toBe('inline-flex');
    expect(scriptsWithSheet.filter((url) => url.includes('antd-style-generators'))).toEqual([]);
    await withSheet.context.close();

    const { context, page } = await newPage(browser);
    const scripts = scriptsOf(page);
    await page.route(/\/antd\.[0-9a-f]+\.css$/, (route) => route.abort());
    await demoLogin(page);
    const logout = page.getByRole('button', { name: 'Logout' }).first();
    expect(await logout.evaluate((button) => getComputedStyle(button).display)).toBe('inline-flex');
    expect(await logout.evaluate((button) => getComputedStyle(button).borderRadius)).not.toBe('0px');
    // The header's menu builds its style hook per render (antd's Menu): a list without bullets.
    expect(await page.locator('ul.ant-menu').first().evaluate((menu) => getComputedStyle(menu).listStyleType)).toBe('none');
    expect(scripts.filter((url) => url.includes('antd-style-generators'))).toHaveLength(1);
    expect(await page.locator('link[rel="stylesheet"][href*="antd."]').count()).toBe(0);
    await context.close();
  });

  it('a wrong password shows Login Failed with the server message and keeps the visitor signed out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Login Failed').first().waitFor();
    await page.getByText('Invalid username or password').first().waitFor();
    const response = await page.request.get('/api/auth/user');
    expect(response.status()).toBe(401);
    await context.close();
  });

  it('switching to Arabic sets dir="rtl" and survives a reload', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await chooseLanguage(page, 'العربية');
    await page.reload();
    await page.getByTestId('job-role-selector').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('masar.language'))).toBe('ar');
    await page.getByRole('button', { name: 'تسجيل الخروج' }).first().waitFor();
    await saveScreenshot(page, 'home-ar');
    await chooseLanguage(page, 'English');
    await context.close();
  });

  it('logout returns to the landing page and ends the session on the server', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('heading', { name: 'AI-Powered Learning Path Planner' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const response = await page.request.get('/api/auth/user');
    expect(response.status()).toBe(401);
    await context.close();
  });

  it('an unknown path shows the 404 page with a way home', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByRole('button', { name: 'Return Home' }).click();
    await page.getByTestId('job-role-selector').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a learner sees no admin-only element, and the server refuses admin calls', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.getByTestId('job-role-selector').waitFor();
    expect(await page.getByTestId('nav-dashboard').count()).toBe(0);
    expect(await page.getByTestId('admin-controls').count()).toBe(0);
    const adminCall = await page.request.get('/api/admin/users');
    expect(adminCall.status()).toBe(403);
    await context.close();
  });

  it('an admin sees the admin-only elements', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('admin-controls').waitFor();
    expect(await page.getByTestId('nav-dashboard').count()).toBeGreaterThan(0);
    const adminCall = await page.request.get('/api/admin/users');
    expect(adminCall.status()).toBe(200);
    await context.close();
  });

  it("loads the job roles remote at runtime with the learner's own postings from svc-jobs, and its search empty state", async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    // A learner's list holds only their own postings (the predefined roles are templates): add one.
    const title = `Data Scientist ${Date.now()}`;
    const { jobDescription } = await callApiOk<{ jobDescription: { id: string } }>(page, 'POST', '/api/job-descriptions/text', {
      title,
      content: 'We are hiring a data scientist to build forecasting models in Python and SQL and present findings to stakeholders.',
    });
    await page.goto('/job-roles');
    await page.getByTestId('job-description-card').first().waitFor({ timeout: 30_000 });
    await page.getByLabel('Search job descriptions').fill(title);
    await page.getByTestId('job-description-card').filter({ hasText: title }).first().waitFor();
    await page.getByLabel('Search job descriptions').fill('no posting has this title');
    await page.getByText('No job descriptions found').waitFor();
    await page.getByText('Try adjusting your search terms').waitFor();
    await callApiOk(page, 'DELETE', `/api/job-descriptions/${jobDescription.id}`);
    await context.close();
  });

  it('shows an error panel with Retry when a remote cannot be loaded, and Retry recovers', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await page.route('**/remotes/mf-courses/**', (route) => route.abort());
    await page.goto('/courses');
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    await page.unroute('**/remotes/mf-courses/**');
    await retry.click();
    await page.getByText('Course Management').first().waitFor();
    await context.close();
  });

  it('shows the mobile bottom bar on a phone', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await demoLogin(page);
    const bar = page.getByTestId('mobile-bottom-bar');
    await bar.waitFor();
    for (const label of ['Home', 'Courses', 'Progress', 'Profile']) {
      await bar.getByText(label, { exact: true }).waitFor();
    }
    await context.close();
  });
});
