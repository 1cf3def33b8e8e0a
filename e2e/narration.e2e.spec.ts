import { Browser, Page } from 'playwright-core';
import { demoLogin, launchBrowser, newPage, saveScreenshot } from './support/browser';

/**
 * Lesson narration with the offline voice (espeak-ng and lame run by svc-ai): a learner presses a
 * lesson's play button on the course page, the page's <audio> gets an address that answers MP3 (with
 * byte ranges for seeking), and a second press stops it. Once for an English and once for an Arabic course.
 */
describe('lesson narration', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  /** Opens the first course the catalog finds for `query`. */
  async function openCourse(page: Page, query: string, title: string): Promise<void> {
    await page.goto(`/courses?q=${encodeURIComponent(query)}`);
    const card = page.getByTestId('course-card').filter({ hasText: title });
    await card.first().waitFor({ timeout: 30_000 });
    await card.first().click();
    await page.getByTestId('course-detail').waitFor();
  }

  /** What the narration's address answers to a plain and a ranged request, from the signed-in page. */
  async function fetchAudio(page: Page, src: string) {
    return page.evaluate(async (address) => {
      const whole = await fetch(address);
      const bytes = new Uint8Array(await whole.arrayBuffer());
      const part = await fetch(address, { headers: { Range: 'bytes=0-99' } });
      const partBytes = new Uint8Array(await part.arrayBuffer());
      return {
        status: whole.status,
        type: whole.headers.get('content-type'),
        size: bytes.length,
        // An MPEG audio frame sync (11 set bits) or an ID3 tag.
        mp3: (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) || String.fromCharCode(bytes[0], bytes[1], bytes[2]) === 'ID3',
        partStatus: part.status,
        partRange: part.headers.get('content-range'),
        partMatches: partBytes.length === 100 && partBytes.every((byte, index) => byte === bytes[index]),
      };
    }, src);
  }

  async function playAndStop(page: Page, screenshot: string): Promise<void> {
    const button = page.getByTestId('play-lesson-audio').first();
    await button.click();
    await page.getByText('Audio narration is now playing').first().waitFor({ timeout: 30_000 });
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    const audio = page.getByTestId('narration-audio');
    const src = await audio.getAttribute('src');
    expect(src).toMatch(/^\/api\/media\/narration\/[0-9a-f]{64}\.mp3$/);
    expect(await audio.evaluate((element: HTMLAudioElement) => !element.paused)).toBe(true);

    const answered = await fetchAudio(page, src!);
    expect(answered).toMatchObject({ status: 200, type: 'audio/mpeg', mp3: true, partStatus: 206, partMatches: true });
    expect(answered.partRange).toBe(`bytes 0-99/${answered.size}`);
    expect(answered.size).toBeGreaterThan(4000);
    await saveScreenshot(page, screenshot);

    await button.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="play-lesson-audio"]')?.getAttribute('aria-pressed') === 'false');
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  }

  it('plays and stops an English lesson', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await openCourse(page, 'Excel', 'Excel Essentials for Everyday Work');
    await playAndStop(page, 'narration-en');
    await context.close();
  });

  it('plays and stops an Arabic lesson', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await openCourse(page, 'الكتابة الإدارية', 'الكتابة الإدارية باللغة العربية');
    await playAndStop(page, 'narration-ar');
    await context.close();
  });
});
