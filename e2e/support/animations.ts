import type { Page } from 'playwright-core';

/**
 * Waits until no finite animation is running (a modal zooming in, a tab ink bar sliding). A click
 * sent while a modal still moves can land beside its target: Playwright checks the target, then
 * the page moves before the click arrives. Endless ones (spinners, skeletons) are ignored.
 */
export async function waitForAnimationsToSettle(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    options,
  );
}
