import { configure } from '@testing-library/react';
import { releaseTestStores } from './render';

// findBy… and waitFor give up after 1 s by default; antd under jsdom on a busy 2-core CI machine
// can take longer to render a toast, which is slowness, not a failure.
configure({ asyncUtilTimeout: 5000 });

// antd's modals measure the scrollbar with getComputedStyle(element, '::-webkit-scrollbar');
// jsdom implements no pseudo-elements and logs an error for each call. The element's own
// style is what jsdom can give, and all a test needs.
if (typeof window !== 'undefined') {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

afterEach(() => releaseTestStores());
