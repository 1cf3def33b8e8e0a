import { createServer, type Server } from 'node:http';
import { Browser, BrowserContext, Frame, type Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage, openTab, waitForAnimationsToSettle } from './support/browser';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' };
const DEMO = { username: process.env.DEMO_USERNAME ?? 'demo', password: process.env.DEMO_PASSWORD ?? 'demo123' };
/** run-e2e.js lists this port's origin in EMBED_ALLOWED_ORIGINS; the next one is a site Masar never allowed. */
const HOST_PORT = Number(process.env.E2E_EMBED_HOST_PORT ?? 8092);
const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`;
const DISALLOWED_ORIGIN = `http://127.0.0.1:${HOST_PORT + 1}`;
/** The foreign site styles everything loudly: none of it may reach Masar's frames. */
const HOST_BUTTON_BACKGROUND = 'rgb(0, 255, 0)';

interface HostMessage {
  frame: string;
  data: { type: string; [field: string]: unknown };
}

/** Signs in over HTTP like a script (no Origin header, so no browser's cookie is involved) and returns the cookie. */
async function sessionCookie(username: string, password: string): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * A page of another site (another port is another origin, and 127.0.0.1 is another site than
 * localhost) that frames Masar modules. Its server plays the HR suite's backend: on each frame's
 * `masar:ready` the page asks it for an embed token, which it gets from Masar with the embed
 * client's credentials, and hands the token to that frame only.
 */
function hostPage(frames: Array<{ id: string; src: string }>, tokenMode: 'real' | 'forged'): string {
  const iframes = frames
    .map((frame) => `<iframe id="${frame.id}" title="Masar ${frame.id}" src="${frame.src}" style="width:100%;height:300px;border:0"></iframe>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme HR portal</title>
<style>
  * { font-family: "Courier New", monospace !important; color: rgb(139, 0, 0) !important; }
  button { background: ${HOST_BUTTON_BACKGROUND} !important; padding: 40px !important; }
  h1, h2, h3, h4 { font-size: 60px !important; text-transform: uppercase !important; }
</style></head><body><main><h1>Acme HR portal</h1>${iframes}</main>
<script>
  window.masarMessages = [];
  const masarOrigin = ${JSON.stringify(new URL(BASE_URL).origin)};
  window.addEventListener('message', async (event) => {
    if (event.origin !== masarOrigin) return;
    const frame = [...document.querySelectorAll('iframe')].find((candidate) => candidate.contentWindow === event.source);
    if (!frame) return;
    window.masarMessages.push({ frame: frame.id, data: event.data });
    if (event.data.type === 'masar:resize') frame.style.height = event.data.height + 'px';
    if (event.data.type !== 'masar:ready') return;
    const token = ${tokenMode === 'forged' ? "'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmb3JnZWQifQ.Zm9yZ2Vk'" : "await (await fetch('/token')).text()"};
    event.source.postMessage({ type: 'masar:session', token }, masarOrigin);
  });
</script></body></html>`;
}

/**
 * A page of the same foreign site that embeds Masar by script: masar.js defines custom elements that
 * render into their own shadow roots. The page runs "its own React" (a global of another version, as a
 * host app's bundle would leave) and a Module Federation-like global, and styles everything loudly.
 * On each element's `masar:ready` event it fetches a token from its server and hands it over as a
 * property; every `masar:*` event the elements send is recorded with the element's id.
 */
function scriptHostPage(elements: Array<{ id: string; tag: string; lang: 'en' | 'ar' }>): string {
  const tags = elements.map((element) => `<${element.tag} id="${element.id}" lang="${element.lang}"></${element.tag}>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme HR intranet</title>
<style>
  * { font-family: "Courier New", monospace !important; color: rgb(139, 0, 0) !important; line-height: 3 !important; }
  button { background: ${HOST_BUTTON_BACKGROUND} !important; padding: 40px !important; }
  h1, h2, h3, h4 { font-size: 60px !important; text-transform: uppercase !important; }
</style>
<script>
  window.React = { version: '16.14.0-acme', createElement() { throw new Error('the host React was used'); } };
  window.ReactDOM = { version: '16.14.0-acme' };
  window.masarMessages = [];
  for (const type of ['masar:ready', 'masar:session-refused', 'masar:navigate', 'masar:skills-confirmed', 'masar:path-generated', 'masar:lesson-completed', 'masar:course-completed']) {
    document.addEventListener(type, async (event) => {
      const element = event.target;
      window.masarMessages.push({ frame: element.id, data: event.detail, eventType: event.type });
      if (type !== 'masar:ready') return;
      element.token = await (await fetch('/token')).text();
    });
  }
</script>
</head><body><main><h1>Acme HR intranet</h1><button id="host-button">Acme button</button>
${tags}
</main>
<script src="${BASE_URL}/embed/masar.js"></script>
</body></html>`;
}

function embedUrl(module: string, language: 'en' | 'ar', hostOrigin: string): string {
  return `${BASE_URL}/embed/${module}?lang=${language}&hostOrigin=${encodeURIComponent(hostOrigin)}`;
}

/** Serves `html` at `/` and, at `/token`, a fresh embed token for the demo learner from Masar (server to server). */
function startHostServer(port: number, html: () => string, issueToken: () => Promise<string>): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/token') {
      issueToken().then(
        (token) => response.writeHead(200, { 'content-type': 'text/plain' }).end(token),
        (error: Error) => response.writeHead(502).end(error.message),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function messages(page: Page): Promise<HostMessage[]> {
  return page.evaluate(() => (window as unknown as { masarMessages: HostMessage[] }).masarMessages);
}

async function waitForMessage(page: Page, frame: string, type: string): Promise<HostMessage> {
  await page.waitForFunction(
    ({ frame, type }) => (window as unknown as { masarMessages: HostMessage[] }).masarMessages.some((m) => m.frame === frame && m.data.type === type),
    { frame, type },
    { timeout: 30_000 },
  );
  return (await messages(page)).find((message) => message.frame === frame && message.data.type === type) as HostMessage;
}

/** Opens the skill review's upload dialog (in a frame or an element's shadow root) and sends a pasted posting. */
async function pasteAPosting(page: Page, review: Frame | Locator, openUpload: Locator): Promise<void> {
  await openUpload.click();
  await review.getByTestId('upload-job-description-modal').waitFor();
  await waitForAnimationsToSettle(page);
  await openTab(review, page, 'Text Input');
  await review
    .getByTestId('upload-text-content')
    .fill('Data Analyst. Requirements: SQL, Python, data visualisation with Tableau and clear communication with stakeholders.');
  await review.getByTestId('upload-text-submit').click();
  await review.getByTestId('review-skills-modal').waitFor();
}

/** Confirms the reviewed skills, ticking the first when none is. */
async function confirmTheSkills(review: Frame | Locator): Promise<void> {
  await review.getByTestId('review-skill').first().waitFor();
  if (await review.getByTestId('confirm-skills').isDisabled()) {
    await review.getByTestId('review-skill').first().locator('input[type="checkbox"]').check();
  }
  await review.getByTestId('confirm-skills').click();
}

/** Finds a course in the embedded catalog, opens its first lesson and marks it complete. */
async function completeTheFirstLessonOf(scope: Frame | Locator, course: { title: string; titleAr: string }): Promise<void> {
  await scope.getByTestId('courses-search').fill(course.title);
  const card = scope.getByTestId('course-card').filter({ hasText: new RegExp(`${course.title}|${course.titleAr}`) }).first();
  await card.waitFor({ timeout: 30_000 });
  await card.click();
  await scope.getByTestId('course-detail').waitFor();
  await scope.getByTestId('course-lesson').first().click();
  await scope.getByTestId('mark-lesson-complete').click();
  await scope.getByTestId('lesson-completed-button').waitFor();
}

/** A learner of their own, added by the admin as the People screen does: nothing completed yet. */
async function addLearner(adminCookie: string): Promise<string> {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `embed.learner.${run}@masar.test`;
  const response = await fetch(`${BASE_URL}/api/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: adminCookie },
    body: JSON.stringify({
      username: `embed.learner.${run}`,
      password: 'a sentence only this learner knows',
      firstName: 'Huda',
      lastName: 'Saleh',
      email,
      role: 'learner',
      preferredLanguage: 'en',
    }),
  });
  if (response.status !== 201) throw new Error(`adding a learner: ${response.status} ${await response.text()}`);
  return email;
}

async function masarFrame(page: Page, id: string): Promise<Frame> {
  const handle = await page.locator(`iframe#${id}`).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no frame ${id}`);
  return frame;
}

describe('Masar modules framed by another site', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let servers: Server[] = [];
  let hostHtml = '';
  let client: { clientId: string; clientSecret: string };
  let demoEmail: string;
  /** Whose session the host's backend asks for: the demo learner unless a test names another. */
  let tokenEmail: string;

  const issueToken = async (): Promise<string> => {
    const response = await fetch(`${BASE_URL}/api/embed/tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      body: JSON.stringify({ userEmail: tokenEmail, audience: HOST_ORIGIN }),
    });
    if (!response.ok) throw new Error(`embed token: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { token: string }).token;
  };

  let adminCookie: string;

  beforeAll(async () => {
    adminCookie = await sessionCookie(ADMIN.username, ADMIN.password);
    const created = await fetch(`${BASE_URL}/api/admin/embed-clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
      body: JSON.stringify({ name: `Acme e2e ${Date.now()}` }),
    });
    if (created.status !== 201) throw new Error(`adding an embed client: ${created.status} ${await created.text()}`);
    const body = (await created.json()) as { client: { clientId: string }; clientSecret: string };
    client = { clientId: body.client.clientId, clientSecret: body.clientSecret };
    const demo = await fetch(`${BASE_URL}/api/auth/user`, { headers: { cookie: await sessionCookie(DEMO.username, DEMO.password) } });
    demoEmail = ((await demo.json()) as { email: string }).email;
    servers = [
      await startHostServer(HOST_PORT, () => hostHtml, issueToken),
      await startHostServer(HOST_PORT + 1, () => hostHtml, issueToken),
    ];
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  beforeEach(async () => {
    tokenEmail = demoEmail;
    ({ context, page } = await newPage(browser));
  });

  afterEach(async () => {
    await context.close();
  });

  it.each([
    ['en', 'ar'],
    ['ar', 'en'],
  ] as const)('shows the skill review (%s) and the learning path (%s) alone, signed in by an embed token', async (reviewLanguage, pathLanguage) => {
    hostHtml = hostPage(
      [
        { id: 'skill-review', src: embedUrl('skill-review', reviewLanguage, HOST_ORIGIN) },
        { id: 'learning-path', src: embedUrl('learning-path', pathLanguage, HOST_ORIGIN) },
      ],
      'real',
    );
    await page.goto(`${HOST_ORIGIN}/`);
    await waitForMessage(page, 'skill-review', 'masar:ready');
    await waitForMessage(page, 'learning-path', 'masar:ready');
    const resize = await waitForMessage(page, 'skill-review', 'masar:resize');
    expect(resize.data.height).toBeGreaterThan(0);

    const review = await masarFrame(page, 'skill-review');
    const path = await masarFrame(page, 'learning-path');
    for (const [frame, module] of [
      [review, 'skill-review'],
      [path, 'learning-path'],
    ] as const) {
      // Either the module or the refusal: a refusal fails with the gateway's reason.
      await frame.locator(`[data-testid="embed-${module}"], [data-testid="embed-refused"]`).first().waitFor();
      expect(await frame.getByTestId('embed-refused').count() === 0 ? 'signed in' : await frame.getByTestId('embed-refused').textContent()).toBe('signed in');
    }
    for (const [frame, language] of [
      [review, reviewLanguage],
      [path, pathLanguage],
    ] as const) {
      expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
      // No portal header, menu or footer: only the module.
      expect(await frame.getByTestId('nav-home').count()).toBe(0);
      // (The module's own nav elements, a breadcrumb or pagination, may be there; the portal's are not.)
      expect(await frame.locator('.masar-header, .masar-bottom-bar, [data-testid="profile-menu"], [data-testid="logout-button"]').count()).toBe(0);
    }

    // The host's CSS stays outside: Masar's button keeps antd's look.
    const openUpload = review.getByTestId('open-upload-modal');
    await openUpload.waitFor();
    const buttonStyle = await openUpload.evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, color: style.color, font: style.fontFamily };
    });
    expect(buttonStyle.background).not.toBe(HOST_BUTTON_BACKGROUND);
    expect(buttonStyle.color).not.toBe('rgb(139, 0, 0)');
    expect(buttonStyle.font).not.toContain('Courier New');
    // And Masar's does not reach the host.
    expect(await page.locator('h1').evaluate((heading) => getComputedStyle(heading).textTransform)).toBe('uppercase');

    if (reviewLanguage === 'en') {
      // Review a pasted posting's skills inside the frame.
      await pasteAPosting(page, review, openUpload);
      await review.getByTestId('upload-job-description-modal').waitFor({ state: 'hidden' });
      await confirmTheSkills(review);
      const confirmed = await waitForMessage(page, 'skill-review', 'masar:skills-confirmed');
      expect(confirmed.data.skillCount).toBeGreaterThan(0);
      expect(typeof confirmed.data.jobDescriptionId).toBe('string');
      const generated = await waitForMessage(page, 'skill-review', 'masar:path-generated');
      expect(typeof generated.data.learningPathId).toBe('string');
      // Nothing private travels: ids and counts only.
      expect(Object.keys(confirmed.data).sort()).toEqual(['jobDescriptionId', 'skillCount', 'type']);
    }
  });

  it('runs the skill review (en) and the learning path (ar) as custom elements in shadow roots, untouched by the host', async () => {
    hostHtml = scriptHostPage([
      { id: 'review', tag: 'masar-skill-review', lang: 'en' },
      { id: 'path', tag: 'masar-learning-path', lang: 'ar' },
    ]);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${HOST_ORIGIN}/`);
    const ready = await waitForMessage(page, 'review', 'masar:ready');
    expect(ready.data).toEqual({ type: 'masar:ready', module: 'skill-review' });
    await waitForMessage(page, 'path', 'masar:ready');

    const review = page.locator('#review');
    const path = page.locator('#path');
    for (const [element, module] of [
      [review, 'skill-review'],
      [path, 'learning-path'],
    ] as const) {
      await element.locator(`[data-testid="embed-${module}"], [data-testid="embed-refused"]`).first().waitFor({ timeout: 30_000 });
      expect((await element.getByTestId('embed-refused').count()) === 0 ? 'signed in' : await element.getByTestId('embed-refused').textContent()).toBe('signed in');
      // In a shadow root of its own, with nothing of the token left on the element.
      expect(await element.evaluate((host) => [host.shadowRoot !== null, host.hasAttribute('token'), (host as unknown as { token: unknown }).token])).toEqual([true, false, undefined]);
    }
    expect(await review.evaluate((host) => host.shadowRoot?.querySelector('.masar-root')?.getAttribute('dir'))).toBe('ltr');
    expect(await path.evaluate((host) => host.shadowRoot?.querySelector('.masar-root')?.getAttribute('dir'))).toBe('rtl');
    // The learning path speaks Arabic: its antd components are laid out right to left.
    await path.locator('.ant-card, .ant-empty, .ant-result, [class*="ant-"]').first().waitFor();
    expect(await path.evaluate((host) => host.shadowRoot?.querySelector('[class*="-rtl"]') !== null)).toBe(true);
    // antd's CSS-in-JS wrote its styles into each shadow root, not into the host's head.
    expect(await review.evaluate((host) => host.shadowRoot?.querySelectorAll('style[data-css-hash], style[data-rc-order]').length ?? 0)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.head.querySelectorAll('style[data-css-hash], style[data-rc-order]').length)).toBe(0);

    // The host's CSS stays outside: Masar's button keeps antd's look...
    const openUpload = review.getByTestId('open-upload-modal');
    await openUpload.waitFor();
    const buttonStyle = await openUpload.evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, color: style.color, font: style.fontFamily, padding: style.paddingTop };
    });
    expect(buttonStyle.background).not.toBe(HOST_BUTTON_BACKGROUND);
    expect(buttonStyle.color).not.toBe('rgb(139, 0, 0)');
    expect(buttonStyle.font).not.toContain('Courier New');
    expect(buttonStyle.padding).not.toBe('40px');
    // ...and Masar's styles do not reach the host's own elements.
    expect(await page.locator('h1').evaluate((heading) => getComputedStyle(heading).textTransform)).toBe('uppercase');
    expect(await page.locator('#host-button').evaluate((button) => [getComputedStyle(button).backgroundColor, getComputedStyle(button).paddingTop])).toEqual([
      HOST_BUTTON_BACKGROUND,
      '40px',
    ]);
    // The host's own "React" global is untouched, and Masar never called it.
    expect(await page.evaluate(() => (window as unknown as { React: { version: string } }).React.version)).toBe('16.14.0-acme');

    // Review a pasted posting's skills inside the element; the modal opens inside the shadow root.
    await pasteAPosting(page, review, openUpload);
    await confirmTheSkills(review);
    const confirmed = await waitForMessage(page, 'review', 'masar:skills-confirmed');
    expect(Object.keys(confirmed.data).sort()).toEqual(['jobDescriptionId', 'skillCount', 'type']);
    expect(confirmed.data.skillCount).toBeGreaterThan(0);
    const generated = await waitForMessage(page, 'review', 'masar:path-generated');
    expect(typeof generated.data.learningPathId).toBe('string');
    expect(pageErrors).toEqual([]);

    // masar.js itself: revalidated (its name never changes), loadable by other sites, compressed.
    const script = await fetch(`${BASE_URL}/embed/masar.js`, { headers: { 'accept-encoding': 'br' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe('no-cache');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(script.headers.get('content-encoding')).toBe('br');
  });

  it('shows the catalog (en) and the progress page (ar) alone too', async () => {
    hostHtml = hostPage(
      [
        { id: 'courses', src: embedUrl('courses', 'en', HOST_ORIGIN) },
        { id: 'progress', src: embedUrl('progress', 'ar', HOST_ORIGIN) },
      ],
      'real',
    );
    await page.goto(`${HOST_ORIGIN}/`);
    for (const module of ['courses', 'progress']) {
      await waitForMessage(page, module, 'masar:ready');
      const frame = await masarFrame(page, module);
      await frame.locator(`[data-testid="embed-${module}"], [data-testid="embed-refused"]`).first().waitFor();
      expect(await frame.getByTestId('embed-refused').count()).toBe(0);
      expect(await frame.getByTestId('nav-home').count()).toBe(0);
      // The remote's page itself (courses-page, progress-page), not its error panel.
      await frame.getByTestId(`embed-${module}`).getByTestId(`${module}-page`).waitFor();
    }
    expect(await (await masarFrame(page, 'progress')).evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('completes a lesson in the catalog framed (en) and as an element (ar), and the host hears of each', async () => {
    tokenEmail = await addLearner(adminCookie);
    hostHtml = hostPage([{ id: 'courses', src: embedUrl('courses', 'en', HOST_ORIGIN) }], 'real');
    await page.goto(`${HOST_ORIGIN}/`);
    await waitForMessage(page, 'courses', 'masar:ready');
    const frame = await masarFrame(page, 'courses');
    await completeTheFirstLessonOf(frame, { title: 'Stakeholder Management', titleAr: 'إدارة أصحاب المصلحة' });
    await frame.getByTestId('toast').filter({ hasText: 'Lesson completed' }).first().waitFor();
    const framed = await waitForMessage(page, 'courses', 'masar:lesson-completed');
    // Ids only, as for every domain event.
    expect(Object.keys(framed.data).sort()).toEqual(['courseId', 'lessonId', 'type']);
    expect(typeof framed.data.lessonId).toBe('string');

    hostHtml = scriptHostPage([{ id: 'catalog', tag: 'masar-courses', lang: 'ar' }]);
    await page.goto(`${HOST_ORIGIN}/`);
    await waitForMessage(page, 'catalog', 'masar:ready');
    const element = page.locator('#catalog');
    await completeTheFirstLessonOf(element, { title: 'KPI Dashboards for Managers', titleAr: 'لوحات مؤشرات الأداء الرئيسية للمديرين' });
    // The toast opens inside the element, in its language, and nothing of it in the host's page.
    await element.getByTestId('toast').filter({ hasText: 'اكتمل الدرس' }).first().waitFor();
    expect(await page.evaluate(() => document.querySelectorAll('[data-testid="toast"]').length)).toBe(0);
    const inElement = await waitForMessage(page, 'catalog', 'masar:lesson-completed');
    expect(Object.keys(inElement.data).sort()).toEqual(['courseId', 'lessonId', 'type']);
    expect(inElement.data.courseId).not.toBe(framed.data.courseId);
    // The host page's own language, direction and title are untouched.
    expect(await page.evaluate(() => [document.title, document.documentElement.lang, document.documentElement.dir])).toEqual(['Acme HR intranet', 'en', '']);
    // Both completions are the learner's, recorded by the progress service.
    const learnerCookie = await sessionCookie(tokenEmail.split('@')[0], 'a sentence only this learner knows');
    for (const courseId of [framed.data.courseId, inElement.data.courseId]) {
      const progress = await fetch(`${BASE_URL}/api/progress/courses/${courseId}`, { headers: { cookie: learnerCookie } });
      expect(progress.status).toBe(200);
      expect(JSON.stringify(await progress.json())).toContain(String(courseId === framed.data.courseId ? framed.data.lessonId : inElement.data.lessonId));
    }
  });

  it('shows a lesson completed in <masar-courses> (en) as new progress in <masar-progress> (ar) on the same page, without a reload', async () => {
    tokenEmail = await addLearner(adminCookie);
    hostHtml = scriptHostPage([
      { id: 'catalog', tag: 'masar-courses', lang: 'en' },
      { id: 'progress', tag: 'masar-progress', lang: 'ar' },
    ]);
    await page.goto(`${HOST_ORIGIN}/`);
    await waitForMessage(page, 'catalog', 'masar:ready');
    await waitForMessage(page, 'progress', 'masar:ready');
    const progress = page.locator('#progress');
    // A learner with nothing done yet: the progress page says so, in Arabic, right to left.
    await progress.getByTestId('progress-page').waitFor({ timeout: 30_000 });
    await progress.getByTestId('progress-empty').waitFor();
    expect(await progress.evaluate((host) => host.shadowRoot?.querySelector('.masar-root')?.getAttribute('dir'))).toBe('rtl');
    expect(await progress.getByTestId('course-progress-item').count()).toBe(0);

    const catalog = page.locator('#catalog');
    await completeTheFirstLessonOf(catalog, { title: 'Stakeholder Management', titleAr: 'إدارة أصحاب المصلحة' });
    const completed = await waitForMessage(page, 'catalog', 'masar:lesson-completed');
    const courseId = String(completed.data.courseId);

    // The other element, untouched by the person, shows the course with its new progress.
    const item = progress.locator(`[data-testid="course-progress-item"][data-course-id="${courseId}"]`);
    await item.waitFor({ timeout: 15_000 });
    expect(await progress.getByTestId('progress-empty').count()).toBe(0);
    expect(await item.getAttribute('data-status')).toBe('in-progress');
    expect(await item.getByTestId('course-status').textContent()).toBe('قيد التنفيذ');
    expect(await item.getByTestId('course-title').textContent()).toBe('إدارة أصحاب المصلحة');
    const percent = Number(await item.locator('.ant-progress').getAttribute('aria-valuenow'));
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);
    // The same figure the progress service gives the learner.
    const learnerCookie = await sessionCookie(tokenEmail.split('@')[0], 'a sentence only this learner knows');
    const overview = (await (await fetch(`${BASE_URL}/api/progress`, { headers: { cookie: learnerCookie } })).json()) as {
      progress: { courses: Array<{ courseId: string; percent: number }> };
    };
    expect(overview.progress.courses.find((course) => course.courseId === courseId)?.percent).toBe(percent);
  });

  it('refuses a bad embed token with a message, in the frame and to the host', async () => {
    hostHtml = hostPage([{ id: 'skill-review', src: embedUrl('skill-review', 'en', HOST_ORIGIN) }], 'forged');
    await page.goto(`${HOST_ORIGIN}/`);
    const refused = await waitForMessage(page, 'skill-review', 'masar:session-refused');
    expect(refused.data.message).toMatch(/^401: The embed token is not valid/);
    await (await masarFrame(page, 'skill-review')).getByTestId('embed-refused').waitFor();
  });

  it('cannot be framed by a site Masar did not allow', async () => {
    hostHtml = hostPage([{ id: 'skill-review', src: embedUrl('skill-review', 'en', DISALLOWED_ORIGIN) }], 'real');
    const refusedByPolicy = page.waitForEvent('console', { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 15_000 });
    await page.goto(`${DISALLOWED_ORIGIN}/`);
    await refusedByPolicy;
    const frame = await masarFrame(page, 'skill-review');
    expect(frame.url()).not.toContain('/embed/');
    expect(await messages(page)).toEqual([]);
  });
});
