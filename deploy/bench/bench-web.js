#!/usr/bin/env node
// npm run bench:web
// How fast the portal opens on a phone (issue 15). Builds what is stale unless BENCH_SKIP_BUILD=1,
// starts the built platform on a fresh database (masar_bench_web, dropped at the end unless
// KEEP_BENCH_DB=1) with its own NATS, or measures one already running when BENCH_WEB_BASE_URL is set,
// then prints one table:
// - for `/` signed out, `/` signed in (the demo learner's home with the job-role workflow) and each
//   main route reached from home: compressed JavaScript and request counts from Debian chromium's own
//   network log (deploy/bench/page-weight.js, shared with the budget browser test);
// - Lighthouse 12 mobile figures (its defaults: a mid-range phone, simulated slow 4G) for both `/`
//   pages: performance score, LCP, TBT, CLS, each against the target.
// Knobs: BENCH_SKIP_BUILD=1, BENCH_WEB_PORT (18096), BENCH_WEB_DATABASE_URL, BENCH_WEB_BASE_URL,
// BENCH_VERBOSE=1 (the platform's log and each page's scripts), BENCH_WEB_LIGHTHOUSE=0 (bytes only),
// KEEP_BENCH_DB=1, CHROMIUM_PATH.
'use strict';
const { spawnSync } = require('node:child_process');
const { cpus, loadavg } = require('node:os');
const { chromium } = require('playwright-core');
const { startPlatform, ROOT, dropDatabase } = require('../local/platform');
const { printTable } = require('./bench-table');
const { measurePageWeights, signInAsDemo, kilobytes, PAGES } = require('./page-weight');

const PORT = process.env.BENCH_WEB_PORT ?? '18096';
const DATABASE_URL = process.env.BENCH_WEB_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_bench_web';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUN_ID = Date.now();

/** The targets. KB = 1000 bytes. */
const TARGETS = {
  landingJs: 170_000,
  homeJs: 300_000,
  routeJs: 120_000,
  performance: 0.9,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.1,
};

// The same no-network flags as the browser tests (e2e/support/browser.ts): chromium otherwise keeps
// dialling out, which this machine refuses.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function build() {
  if (process.env.BENCH_SKIP_BUILD === '1' || process.env.BENCH_WEB_BASE_URL) return;
  console.log('building (nx skips what is up to date) ...');
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (result.status !== 0) throw new Error(`the build failed:\n${(result.stdout + result.stderr).slice(-4000)}`);
}


/** The running platform (BENCH_WEB_BASE_URL) or a fresh one of the benchmark's own. */
async function platformToMeasure() {
  if (process.env.BENCH_WEB_BASE_URL) return { baseUrl: process.env.BENCH_WEB_BASE_URL.replace(/\/$/, ''), stop: async () => undefined };
  console.log(`starting the platform on port ${PORT} against a fresh ${new URL(DATABASE_URL).pathname.slice(1)} ...`);
  const platform = await startPlatform({
    recreateDatabase: true,
    log: (line) => (process.env.BENCH_VERBOSE === '1' ? console.log(line) : undefined),
    env: {
      PORT,
      DATABASE_URL,
      SESSION_KEY_PREFIX: `masar:bench-web:${RUN_ID}:sess:`,
      LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:bench-web:${RUN_ID}:login:`,
      SEED_COURSE_CATALOG: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  return {
    baseUrl: platform.baseUrl,
    stop: async () => {
      await platform.stop();
      if (process.env.KEEP_BENCH_DB === '1') console.log(`kept the database ${DATABASE_URL} (KEEP_BENCH_DB=1)`);
      else await dropDatabase(DATABASE_URL);
    },
  };
}

/** The demo learner's session cookie, for Lighthouse's signed-in run. */
async function demoCookie(browser, baseUrl) {
  const context = await browser.newContext();
  try {
    await signInAsDemo(context, baseUrl);
    return (await context.cookies(baseUrl)).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await context.close();
  }
}

/**
 * Lighthouse's mobile defaults against Debian's chromium; `cookie` signs the run in. On a busy
 * machine Lighthouse sometimes gives up waiting for chromium: one more try, then the error is shown
 * in the table instead of the figures.
 */
async function lighthouseMobile(url, cookie) {
  try {
    return await lighthouseRun(url, cookie);
  } catch {
    try {
      return await lighthouseRun(url, cookie);
    } catch (error) {
      return { error: error.message };
    }
  }
}

async function lighthouseRun(url, cookie) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const audits = result.lhr.audits;
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    return {
      performance: result.lhr.categories.performance.score,
      lcpMs: audits['largest-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

const verdict = (met) => (met ? 'met' : 'MISSED');

async function main() {
  const loadAtStart = loadavg()[0];
  build();
  const platform = await platformToMeasure();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    console.log(`measuring ${platform.baseUrl} in ${CHROMIUM_PATH} ...`);
    const pages = await measurePageWeights(browser, platform.baseUrl);
    const lighthouse = {};
    if (process.env.BENCH_WEB_LIGHTHOUSE !== '0') {
      console.log('Lighthouse mobile on / signed out and / signed in ...');
      lighthouse[PAGES.landing] = await lighthouseMobile(`${platform.baseUrl}/`);
      lighthouse[PAGES.home] = await lighthouseMobile(`${platform.baseUrl}/`, await demoCookie(browser, platform.baseUrl));
    }

    const rows = pages.map((page) => {
      const budget = page.afterHome ? TARGETS.routeJs : page.name === PAGES.landing ? TARGETS.landingJs : TARGETS.homeJs;
      const figures = lighthouse[page.name] && !lighthouse[page.name].error ? lighthouse[page.name] : undefined;
      const lighthouseMet =
        figures &&
        figures.performance >= TARGETS.performance &&
        figures.lcpMs <= TARGETS.lcpMs &&
        figures.tbtMs <= TARGETS.tbtMs &&
        figures.cls <= TARGETS.cls;
      return [
        page.name,
        `${page.afterHome ? '+' : ''}${kilobytes(page.jsBytes)}`,
        String(page.jsRequests),
        String(page.requests),
        `${page.afterHome ? '+' : ''}<= ${kilobytes(budget)}`,
        figures ? figures.performance.toFixed(2) : '',
        figures ? (figures.lcpMs / 1000).toFixed(2) : '',
        figures ? figures.tbtMs.toFixed(0) : '',
        figures ? figures.cls.toFixed(3) : '',
        [verdict(page.jsBytes <= budget), ...(figures ? [verdict(lighthouseMet)] : lighthouse[page.name] ? ['Lighthouse failed'] : [])].join(' / '),
      ];
    });
    console.log(
      `\nmachine: ${cpus().length} cores shared by the 6 services and the browser; 1-minute load average ${loadAtStart.toFixed(1)} when the run started` +
        `${loadAtStart >= 1 ? ' (other work was running: Lighthouse timings are pessimistic)' : ''}\n`,
    );
    printTable(['page', 'JS KB', 'JS requests', 'requests', 'JS target KB', 'perf', 'LCP s', 'TBT ms', 'CLS', 'JS / Lighthouse'], rows);
    for (const [name, figures] of Object.entries(lighthouse)) if (figures.error) console.log(`\nLighthouse on ${name} failed: ${figures.error}`);
    console.log(
      `\nJS: compressed bytes on the wire (1 KB = 1000 bytes), "+" = what the route adds after home (client-side navigation). ` +
        `Lighthouse targets: performance >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpMs / 1000} s, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}.`,
    );
    if (process.env.BENCH_VERBOSE === '1') {
      for (const page of pages) {
        console.log(`\n${page.name}:`);
        for (const script of page.scripts) console.log(`  ${kilobytes(script.bytes).padStart(7)} ${script.url}`);
      }
    }
  } finally {
    await browser.close();
    await platform.stop();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`bench:web failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  });
}
