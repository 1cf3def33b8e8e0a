// The remote registers its namespace when the shell loads it; tests render its
// components directly, so register it once per test file.
import { registerJobRolesTranslations } from './i18n/jobroles-translations';

registerJobRolesTranslations();

// antd's modals measure the scrollbar with getComputedStyle(element, '::-webkit-scrollbar');
// jsdom implements no pseudo-elements and logs an error for each call. The element's own
// style is what jsdom can give, and all a test needs.
if (typeof window !== 'undefined') {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}
