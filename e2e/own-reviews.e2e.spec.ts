import { Browser, Page } from 'playwright-core';
import { acceptAiNoticeInForce, callApi, demoLogin, launchBrowser, newPage, saveScreenshot, signIn, waitForAnimationsToSettle } from './support/browser';

/**
 * Each learner's data is their own (issue 11): two learners pick the same predefined role, each
 * saves a different review of it, and each sees only their own when they pick the role again.
 * The first learner is the demo learner; the second is added by the admin through
 * `POST /api/admin/users`, as the People screen does.
 */
const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' };
const RUN = Date.now().toString(36);
const SECOND_LEARNER = {
  username: `own.review.${RUN}`,
  password: 'a sentence only this learner knows',
  firstName: 'Salma',
  lastName: 'Haddad',
  email: `own.review.${RUN}@masar.test`,
  role: 'learner',
  preferredLanguage: 'en',
};
const ROLE = 'Data Scientist';
const FIRST_SKILL = `Forecasting ${RUN}`;
const SECOND_SKILL = `Storytelling ${RUN}`;

/** Picks the role on the home page and waits for the learner's own review of it to open. */
async function pickRole(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('job-role-selector').waitFor();
  await page.getByTestId('job-role-select').click();
  await page.locator(`.ant-select-item-option[title="${ROLE}"]`).click();
  await page.getByTestId('generate-button').click();
  await page.getByTestId('review-skills-modal').waitFor();
  await waitForAnimationsToSettle(page);
}

/** Adds a custom skill to the open review and confirms it (which saves it, then plans a path). */
async function reviewWithCustomSkill(page: Page, skill: string): Promise<void> {
  await page.getByTestId('custom-skill-name').fill(skill);
  await page.getByTestId('add-custom-skill').click();
  await page.locator(`[data-testid="review-skill"][data-skill-name="${skill}"]`).waitFor();
  await page.getByTestId('confirm-skills').click();
  await page.getByTestId('skills-confirmed').waitFor();
}

async function reviewedSkillNames(page: Page): Promise<string[]> {
  await page.getByTestId('review-skill').first().waitFor();
  return page.getByTestId('review-skill').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-skill-name') ?? ''));
}

describe('two learners review the same predefined role, and each keeps their own review', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows each learner their own review of Data Scientist, never the other’s', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    const created = await callApi(admin.page, 'POST', '/api/admin/users', SECOND_LEARNER);
    expect(created.status).toBe(201);
    await admin.context.close();

    const first = await newPage(browser);
    await demoLogin(first.page);
    await acceptAiNoticeInForce(first.page);
    await pickRole(first.page);
    await reviewWithCustomSkill(first.page, FIRST_SKILL);

    const second = await newPage(browser);
    await signIn(second.page, SECOND_LEARNER.username, SECOND_LEARNER.password);
    await acceptAiNoticeInForce(second.page);
    await pickRole(second.page);
    // The second learner starts from the role's template, not from the first learner's review.
    expect(await reviewedSkillNames(second.page)).not.toContain(FIRST_SKILL);
    await reviewWithCustomSkill(second.page, SECOND_SKILL);

    // Each picks the role again: their own saved review comes back.
    await pickRole(first.page);
    const firstSees = await reviewedSkillNames(first.page);
    expect(firstSees).toContain(FIRST_SKILL);
    expect(firstSees).not.toContain(SECOND_SKILL);
    await saveScreenshot(first.page, 'own-review-first-learner');

    await pickRole(second.page);
    const secondSees = await reviewedSkillNames(second.page);
    expect(secondSees).toContain(SECOND_SKILL);
    expect(secondSees).not.toContain(FIRST_SKILL);

    // And neither can open the other's copy by its id: the same 404 as a missing one.
    const firstList = await callApi(first.page, 'GET', `/api/job-descriptions?q=${encodeURIComponent(ROLE)}`);
    const firstCopyId = (firstList.body as { items: { id: string; source: { kind: string } }[] }).items.find(
      (item) => item.source.kind === 'predefined-role',
    )?.id;
    expect(firstCopyId).toBeDefined();
    const stolen = await callApi(second.page, 'GET', `/api/job-descriptions/${firstCopyId}`);
    expect(stolen).toEqual({
      status: 404,
      body: { statusCode: 404, message: 'Job description not found' },
    });
    await first.context.close();
    await second.context.close();
  });
});
