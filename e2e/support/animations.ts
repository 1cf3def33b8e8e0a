import type { Page } from 'playwright-core';

/**
 * Waits until no finite animation is running (a modal zooming in, a tab ink bar sliding). A click
 * sent while a modal still moves can land beside its target: Playwright checks the target, then
 * the page moves before the click arrives. Endless ones (spinners, skeletons) are ignored.
 * Animations inside shadow roots (Masar's embedded elements) count too: the document's own list
 * leaves them out, and axe caught a modal half faded out there.
 */
export async function waitForAnimationsToSettle(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    () => {
      const scopes: Array<Document | ShadowRoot> = [document];
      for (let index = 0; index < scopes.length; index += 1) {
        for (const element of Array.from(scopes[index].querySelectorAll('*'))) {
          if (element.shadowRoot) scopes.push(element.shadowRoot);
        }
      }
      return scopes.every((scope) =>
        scope
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      );
    },
    undefined,
    options,
  );
}
