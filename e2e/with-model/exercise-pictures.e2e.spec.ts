import { Browser, Page } from 'playwright-core';
import { acceptAiNoticeInForce, demoLogin, launchBrowser, newPage, saveScreenshot } from '../support/browser';
import { seededExercise } from '../support/seeded-exercise';

/**
 * Exercise feedback on a phone photo, on a platform whose model reads images (OPENAI_VISION; the fake
 * model on loopback says which pictures reached it and their decoded size): the photo, several
 * megabytes, is uploaded, read by svc-ai from the attachments bucket, reduced and shown to the model.
 */

/** A 3000×2000 JPEG of noise drawn by the browser itself: it compresses as badly as a phone photo. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const pixels = context.createImageData(canvas.width, canvas.height);
    for (let index = 0; index < pixels.data.length; index += 4) {
      pixels.data[index] = (index * 7919) % 251;
      pixels.data[index + 1] = (index * 104_729) % 241;
      pixels.data[index + 2] = (index * 1_299_709) % 239;
      pixels.data[index + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.95).split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

describe('exercise feedback on a phone photo, with a model that reads images', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('a learner submits a photo of several megabytes and the model is shown it, reduced', async () => {
    const { context, page } = await newPage(browser);
    await demoLogin(page);
    await acceptAiNoticeInForce(page);
    const { courseId, lessonId } = await seededExercise(page);
    const photo = await phonePhoto(page);
    expect(photo.length).toBeGreaterThan(1024 * 1024);

    await page.goto(`/courses/${courseId}/lessons/${lessonId}`);
    const again = page.getByTestId('exercise-submit-again');
    const start = page.getByTestId('start-exercise');
    await again.or(start).first().waitFor();
    await ((await again.count()) > 0 ? again : start).click();
    await page.getByTestId('exercise-workspace').waitFor();
    await page.getByTestId('exercise-work').fill('Our retrospective board, photographed after the meeting.');
    await page.getByTestId('exercise-files').locator('input[type="file"]').setInputFiles([{ name: 'phone-photo.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.getByText('phone-photo.jpg').first().waitFor();
    await page.getByTestId('exercise-submit').click();
    await page.getByTestId('exercise-submission').waitFor({ timeout: 60_000 });

    expect(await page.getByTestId('exercise-feedback').getAttribute('data-status')).toBe('given');
    const feedback = (await page.getByTestId('exercise-feedback-text').textContent()) ?? '';
    const shown = /The test model was shown 1 picture\(s\): image\/jpeg of (\d+) bytes\./.exec(feedback);
    expect(shown).not.toBeNull();
    // Reduced to a 1280-pixel JPEG before it went to the model: far smaller than the upload.
    expect(Number(shown![1])).toBeLessThan(1024 * 1024);
    expect(Number(shown![1])).toBeLessThan(photo.length / 3);
    expect(feedback).toContain('This feedback looked at your pictures: phone-photo.jpg.');
    await saveScreenshot(page, 'exercise-photo-feedback-with-model-en');
    await context.close();
  });
});
