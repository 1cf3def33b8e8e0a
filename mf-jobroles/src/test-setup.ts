// The remote registers its namespace, one language at a time, when the shell loads it; tests render
// its components directly, so register both languages at once per test file.
import { registerTranslations } from '@masar/shell/runtime';
import { JOBROLES_NAMESPACE } from './i18n/jobroles-translations';
import ar from './locales/ar/jobroles.json';
import en from './locales/en/jobroles.json';

registerTranslations(JOBROLES_NAMESPACE, { en, ar });
