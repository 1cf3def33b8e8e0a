import { Browser, Page } from 'playwright-core';
import { clickWhenSettled, launchBrowser, newPage, saveScreenshot, signIn } from './support/browser';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' };
const suffix = Date.now().toString(36);
const LEARNER = {
  username: `reem.${suffix}`,
  firstName: 'ريم',
  lastName: 'Khalil',
  email: `reem.${suffix}@masar.test`,
  firstPassword: 'given by the admin 1',
  ownPassword: 'my own sentence to remember',
};

async function openPeople(page: Page): Promise<void> {
  await page.getByTestId('nav-people').click();
  await page.getByTestId('people-table').waitFor();
}

/** Chooses one of a person's actions once their menu has stopped sliding in, then confirms it once the dialog has stopped zooming in. */
async function choosePersonAction(page: Page, username: string, action: string): Promise<void> {
  await clickWhenSettled(page, page.getByTestId(`person-actions-${username}`));
  await clickWhenSettled(page, page.getByTestId(`person-action-${action}`));
  await clickWhenSettled(page, page.getByTestId('confirm-ok'));
}

/** Waits for the toast saying `text`; when an error toast comes instead, fails with what it said. */
async function expectToast(page: Page, text: string): Promise<void> {
  const expected = page.getByTestId('toast').filter({ hasText: text });
  const failure = page.locator('.ant-notification-notice-error');
  await expected.or(failure).first().waitFor();
  if (!(await expected.count())) throw new Error(`Expected a toast saying "${text}", got: ${(await failure.allInnerTexts()).join(' | ')}`);
}

describe('people: an admin adds a learner, who signs in; a deactivated learner is signed out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('adds a learner from the People page; they choose their own password at first sign-in, then are signed out when deactivated', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await openPeople(admin.page);

    // Validation messages before anything is sent.
    await admin.page.getByTestId('people-add').click();
    await admin.page.getByTestId('person-username').fill('ad min');
    await admin.page.getByTestId('person-password').fill('too short');
    await admin.page.getByTestId('add-person-submit').click();
    await admin.page.getByText('Use only English or Arabic letters, digits, dots, hyphens and underscores, without spaces').waitFor();
    await admin.page.getByText('Use at least 12 characters').waitFor();

    await admin.page.getByTestId('person-username').fill(LEARNER.username);
    await admin.page.getByTestId('person-password').fill(LEARNER.firstPassword);
    await admin.page.getByTestId('person-first-name').fill(LEARNER.firstName);
    await admin.page.getByTestId('person-last-name').fill(LEARNER.lastName);
    await admin.page.getByTestId('person-email').fill(LEARNER.email);
    await admin.page.getByTestId('add-person-submit').click();
    await expectToast(admin.page, `${LEARNER.firstName} ${LEARNER.lastName} was added`);
    await admin.page.getByTestId(`person-actions-${LEARNER.username}`).waitFor();
    await saveScreenshot(admin.page, 'people-en');

    // The learner signs in with the admin's password and must choose their own before anything else.
    const learner = await newPage(browser);
    await learner.page.goto('/login');
    await learner.page.getByLabel('Username').fill(LEARNER.username.toUpperCase());
    await learner.page.getByLabel('Password').fill(LEARNER.firstPassword);
    await learner.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await learner.page.getByTestId('must-change-password').waitFor();
    expect((await learner.page.request.get('/api/job-descriptions')).status()).toBe(403);
    await learner.page.getByTestId('current-password').fill(LEARNER.firstPassword);
    await learner.page.getByTestId('new-password').fill(LEARNER.ownPassword);
    await learner.page.getByTestId('confirm-password').fill(LEARNER.ownPassword);
    await learner.page.getByTestId('change-password-submit').click();
    await learner.page.getByText('Your password was changed').first().waitFor();
    await learner.page.getByTestId('job-role-selector').waitFor();

    // The admin deactivates them while their page is open.
    await admin.page.reload();
    await admin.page.getByTestId('people-table').waitFor();
    await choosePersonAction(admin.page, LEARNER.username, 'deactivate');
    await expectToast(admin.page, `${LEARNER.firstName} ${LEARNER.lastName} was deactivated`);

    // Their next step signs them out, and they cannot sign in again.
    await learner.page.getByTestId('nav-progress').click();
    await learner.page.getByTestId('login-form').waitFor();
    expect((await learner.page.request.get('/api/auth/user')).status()).toBe(401);
    await learner.page.getByLabel('Username').fill(LEARNER.username);
    await learner.page.getByLabel('Password').fill(LEARNER.ownPassword);
    await learner.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await learner.page.getByText('Invalid username or password').first().waitFor();

    await learner.context.close();
    await admin.context.close();
  });

  it('shows the People page right to left in Arabic', async () => {
    const { context, page } = await newPage(browser);
    await page.addInitScript(() => localStorage.setItem('masar.language', 'ar'));
    await page.goto('/login');
    await page.getByLabel('اسم المستخدم').fill(ADMIN.username);
    await page.getByLabel('كلمة المرور').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('job-role-selector').waitFor();
    await page.getByTestId('nav-people').click();
    await page.getByRole('heading', { name: 'الأشخاص' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByText('إضافة شخص').first().waitFor();
    await saveScreenshot(page, 'people-ar');
    await context.close();
  });
});
