import { lazy, type ComponentType } from 'react';
import { pageComponentsReady } from '../features/remotes/page-components';

/**
 * A shell page that downloads when first shown, together with the antd components home leaves for later,
 * so the page appears whole.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Page] = await Promise.all([load(), pageComponentsReady()]);
    return { default: Page };
  });
}
