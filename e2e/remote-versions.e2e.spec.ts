import { ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import arabic from '../shell/src/locales/ar/shell.json';
import { chooseLanguage, demoLogin, launchBrowser, newPage } from './support/browser';

const ROOT = path.resolve(__dirname, '..');
const COURSES_BUILT = JSON.parse(readFileSync(path.join(ROOT, 'mf-courses/package.json'), 'utf8')).version as string;
/** The same build published as the next version, and a version built for a shell runtime this shell is not. */
const NEXT = '9.1.0';
const INCOMPATIBLE = '9.2.0';

/** The platform's NATS (with the gateway's password), Redis and database, from deploy/local/run-e2e.js. */
const INFRASTRUCTURE = JSON.parse(process.env.E2E_GATEWAY_INFRASTRUCTURE ?? '{}') as Record<string, string>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The remotes' folders as a release host would hold them: mf-courses with its real build under its own
 * version and two more published beside it; the other remotes as built.
 */
function publishRemotes(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'masar-remote-versions-'));
  for (const remote of ['mf-jobroles', 'mf-progress', 'mf-agents']) {
    mkdirSync(path.join(root, remote));
    symlinkSync(path.join(ROOT, remote, 'dist'), path.join(root, remote, 'dist'));
  }
  const built = path.join(ROOT, 'mf-courses/dist', COURSES_BUILT);
  for (const version of [COURSES_BUILT, NEXT, INCOMPATIBLE]) {
    const folder = path.join(root, 'mf-courses/dist', version);
    cpSync(built, folder, { recursive: true });
    const declarationFile = path.join(folder, 'masar-remote.json');
    const declaration = JSON.parse(readFileSync(declarationFile, 'utf8')) as { version: string; requires: Record<string, string> };
    declaration.version = version;
    if (version === INCOMPATIBLE) declaration.requires['@masar/shell/runtime'] = '^7.0.0';
    writeFileSync(declarationFile, JSON.stringify(declaration));
  }
  return root;
}

/** A gateway of this test's own, from its build, configured with the given remote versions. */
class OwnGateway {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  static async start(remotesRoot: string, port: number, remoteEnv: Record<string, string>): Promise<OwnGateway> {
    const child = spawn(process.execPath, [path.join(ROOT, 'svc-gateway/dist/main.js')], {
      cwd: path.join(ROOT, 'svc-gateway'),
      env: {
        ...process.env,
        ...INFRASTRUCTURE,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        REMOTES_ROOT: remotesRoot,
        // One prefix for every start: the browser stays signed in while the gateway is restarted.
        SESSION_KEY_PREFIX: `masar:e2e-remote-versions:${port}:sess:`,
        LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:e2e-remote-versions:${port}:login:`,
        ...remoteEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const url = `http://localhost:${port}`;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}`);
      const ready = await fetch(`${url}/app-config.json`).then((response) => response.ok, () => false);
      if (ready) return new OwnGateway(url, child);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill('SIGKILL');
    throw new Error(`the gateway on ${url} did not start within 30 s`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** Opens the courses page and returns the mf-courses files the browser fetched for it. */
async function openCourses(page: Page): Promise<string[]> {
  const fetched: string[] = [];
  const record = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/remotes/mf-courses/')) fetched.push(pathname);
  };
  page.on('request', record);
  await page.goto('/courses');
  await Promise.race([
    page.getByTestId('course-card').first().waitFor({ timeout: 30_000 }),
    page.getByTestId('remote-incompatible').waitFor({ timeout: 30_000 }),
  ]);
  page.off('request', record);
  return fetched;
}

function versionsIn(fetched: string[]): string[] {
  return [...new Set(fetched.map((pathname) => pathname.split('/')[3]))];
}

describe('a remote moved between versions by the gateway configuration alone', () => {
  let browser: Browser;
  let remotesRoot: string;
  let port: number;
  let gateway: OwnGateway | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    remotesRoot = publishRemotes();
    port = await freePort();
  });
  afterAll(async () => {
    await gateway?.stop();
    await browser.close();
    rmSync(remotesRoot, { recursive: true, force: true });
  });

  async function restartWith(remoteEnv: Record<string, string>): Promise<OwnGateway> {
    await gateway?.stop();
    gateway = await OwnGateway.start(remotesRoot, port, remoteEnv);
    return gateway;
  }

  it('loads the configured version, forward and back, and refuses an incompatible one in both languages', async () => {
    const first = await restartWith({ REMOTE_VERSIONS: `mf-courses=${COURSES_BUILT}` });
    const { context, page } = await newPage(browser, { baseURL: first.url });
    await demoLogin(page);
    let fetched = await openCourses(page);
    expect(versionsIn(fetched)).toEqual([COURSES_BUILT]);
    expect(fetched).toEqual(expect.arrayContaining([`/remotes/mf-courses/${COURSES_BUILT}/masar-remote.json`, `/remotes/mf-courses/${COURSES_BUILT}/remoteEntry.js`]));

    // Forward: the same shell, a restarted gateway naming the next version.
    await restartWith({ REMOTE_VERSIONS: `mf-courses=${NEXT}` });
    fetched = await openCourses(page);
    expect(versionsIn(fetched)).toEqual([NEXT]);
    await page.getByTestId('course-card').first().waitFor();

    // Back again.
    await restartWith({ REMOTE_VERSIONS: `mf-courses=${COURSES_BUILT}` });
    expect(versionsIn(await openCourses(page))).toEqual([COURSES_BUILT]);

    // A version built for another shell runtime: refused with what it needs, none of its code loaded.
    await restartWith({ REMOTE_VERSIONS: `mf-courses=${INCOMPATIBLE}` });
    fetched = await openCourses(page);
    expect(fetched).toEqual([`/remotes/mf-courses/${INCOMPATIBLE}/masar-remote.json`]);
    const panel = page.getByTestId('remote-incompatible');
    await expect(panel.textContent()).resolves.toContain('This section needs another version of the portal');
    await expect(panel.textContent()).resolves.toContain(`mf_courses ${INCOMPATIBLE} was built for a different version of the portal`);
    await expect(panel.textContent()).resolves.toContain('It needs @masar/shell/runtime ^7.0.0; this portal has');
    await chooseLanguage(page, 'العربية');
    await page.getByText(arabic.remote.incompatible.title).waitFor();
    await chooseLanguage(page, 'English');

    // With a last good version configured, the portal falls back to it.
    await restartWith({ REMOTE_VERSIONS: `mf-courses=${INCOMPATIBLE}`, REMOTE_LAST_GOOD_VERSIONS: `mf-courses=${NEXT}` });
    fetched = await openCourses(page);
    await page.getByTestId('course-card').first().waitFor();
    expect(fetched.filter((pathname) => pathname.endsWith('.js')).every((pathname) => pathname.startsWith(`/remotes/mf-courses/${NEXT}/`))).toBe(true);
    expect(fetched).toEqual(expect.arrayContaining([`/remotes/mf-courses/${INCOMPATIBLE}/masar-remote.json`, `/remotes/mf-courses/${NEXT}/remoteEntry.js`]));
    await context.close();
  });
});
