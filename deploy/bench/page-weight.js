// What the portal makes a browser download: compressed JavaScript bytes and request counts of each
// main page, read from the browser's own network log (CDP Network.loadingFinished encodedDataLength,
// the bytes on the wire). Used by `npm run bench:web` and by the page-weight budget browser test,
// so both measure the same way.
'use strict';
/* global window, document, PopStateEvent -- the functions given to page.evaluate/waitForFunction run in the page */

/** The pages measured: the two first loads, then each main route reached from home inside the app. */
const PAGES = {
  landing: '/ signed out (landing)',
  home: '/ signed in (home)',
};

/** The main routes after home; `lesson` is filled in with a seeded course's first lesson. */
const ROUTES_AFTER_HOME = [
  { name: 'courses', path: '/courses' },
  { name: 'lesson', path: null },
  { name: 'learning paths', path: '/learning-paths' },
  { name: 'progress', path: '/progress' },
  { name: 'job roles', path: '/job-roles' },
];

/** How long the network must stay quiet before a page counts as loaded (late chunks are part of it). */
const QUIET_MS = 1500;

/**
 * Records one page's network through CDP. `reset()` starts a new measurement (a route after home
 * counts only what it adds); `quiet()` resolves once nothing has been in flight for QUIET_MS.
 */
async function recordNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  let finished = [];
  let inFlight = new Set();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, { url: event.request.url, type: event.type });
    inFlight.add(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.type = event.type;
  });
  const settle = (requestId, bytes) => {
    const request = requests.get(requestId);
    inFlight.delete(requestId);
    lastActivity = Date.now();
    if (request) finished.push({ ...request, bytes });
  };
  cdp.on('Network.loadingFinished', (event) => settle(event.requestId, event.encodedDataLength));
  cdp.on('Network.loadingFailed', (event) => settle(event.requestId, 0));
  return {
    reset() {
      finished = [];
      inFlight = new Set();
      lastActivity = Date.now();
    },
    async quiet(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`the network did not go quiet within ${timeoutMs / 1000} s (${inFlight.size} requests in flight)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** JavaScript bytes and requests since the last reset. */
    totals() {
      const scripts = finished.filter((request) => request.type === 'Script' || /\.m?js(\?|$)/.test(request.url));
      return {
        jsBytes: scripts.reduce((sum, request) => sum + request.bytes, 0),
        jsRequests: scripts.length,
        requests: finished.length,
        scripts: scripts.map((request) => ({ url: request.url, bytes: request.bytes })),
      };
    },
    detach: () => cdp.detach().catch(() => undefined),
  };
}

/** Signs the context in as the demo learner (the landing page's Demo Login). */
async function signInAsDemo(context, baseUrl) {
  const response = await context.request.post(`${baseUrl}/api/auth/demo-login`, { headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`demo login failed: ${response.status()} ${await response.text()}`);
}

/**
 * A seeded course's first lesson, as /courses/:id/lessons/:lessonId, read through the API as the
 * learner; svc-courses seeds its catalog in the background, so this waits up to a minute for it.
 */
async function firstLessonPath(context, baseUrl) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const list = await context.request.get(`${baseUrl}/api/courses?kind=internal&pageSize=5`);
    if (!list.ok()) throw new Error(`GET /api/courses answered ${list.status()}`);
    for (const course of (await list.json()).items) {
      const detail = await context.request.get(`${baseUrl}/api/courses/${course.id}`);
      if (!detail.ok()) continue;
      const lesson = (await detail.json()).course.modules.flatMap((module) => module.lessons)[0];
      if (lesson) return `/courses/${course.id}/lessons/${lesson.id}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('no course with a lesson within a minute: is the seed catalog on (SEED_COURSE_CATALOG)?');
}

/** Waits for what shows that the page is really there, then for the network to go quiet. */
async function settled(page, recorder, testId) {
  if (testId) await page.getByTestId(testId).first().waitFor({ timeout: 60_000 });
  await recorder.quiet();
  if (await page.getByTestId('remote-error').count()) throw new Error(`${page.url()} shows the remote error panel`);
}

async function measureFirstLoad(browser, baseUrl, { signedIn }) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
  try {
    if (signedIn) await signInAsDemo(context, baseUrl);
    const page = await context.newPage();
    const recorder = await recordNetwork(context, page);
    await page.goto('/');
    await settled(page, recorder, signedIn ? 'job-role-selector' : 'landing-hero');
    return recorder.totals();
  } finally {
    await context.close();
  }
}

/** Home first, then the route through the app's own router (a client-side navigation), counting what the route adds. */
async function measureRouteAfterHome(browser, baseUrl, routePath) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
  try {
    await signInAsDemo(context, baseUrl);
    const page = await context.newPage();
    const recorder = await recordNetwork(context, page);
    await page.goto('/');
    await settled(page, recorder, 'job-role-selector');
    recorder.reset();
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, routePath);
    await page.waitForFunction(() => !document.querySelector('[data-testid="loading-spinner"]'), undefined, { timeout: 60_000 });
    await settled(page, recorder);
    return recorder.totals();
  } finally {
    await context.close();
  }
}

/**
 * Every page of the table: [{ name, path, jsBytes, jsRequests, requests, scripts }].
 * `browser` is a playwright-core Browser; the platform at `baseUrl` must have its seed catalog.
 */
async function measurePageWeights(browser, baseUrl) {
  const results = [];
  results.push({ name: PAGES.landing, path: '/', ...(await measureFirstLoad(browser, baseUrl, { signedIn: false })) });
  results.push({ name: PAGES.home, path: '/', ...(await measureFirstLoad(browser, baseUrl, { signedIn: true })) });
  const lookup = await browser.newContext({ baseURL: baseUrl });
  let lessonPath;
  try {
    await signInAsDemo(lookup, baseUrl);
    lessonPath = await firstLessonPath(lookup, baseUrl);
  } finally {
    await lookup.close();
  }
  for (const route of ROUTES_AFTER_HOME) {
    const routePath = route.path ?? lessonPath;
    results.push({ name: `${route.name} after home`, path: routePath, afterHome: true, ...(await measureRouteAfterHome(browser, baseUrl, routePath)) });
  }
  return results;
}

/** Kilobytes as the issue counts them (1 KB = 1000 bytes, one decimal). */
function kilobytes(bytes) {
  return (bytes / 1000).toFixed(1);
}

module.exports = { measurePageWeights, signInAsDemo, kilobytes, PAGES, ROUTES_AFTER_HOME };
