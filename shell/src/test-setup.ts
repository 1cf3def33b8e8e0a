// The shell's namespace is registered by bootstrap.tsx in the browser, one language at a time; tests
// render components without it, so register both languages at once per test file.
import { registerTranslations } from '@masar/shell/runtime';
import { SHELL_NAMESPACE } from './i18n/shell-translations';
import ar from './locales/ar/shell.json';
import en from './locales/en/shell.json';

registerTranslations(SHELL_NAMESPACE, { en, ar });
