// The remote registers its namespaces, one language at a time, when the shell loads it; tests render
// its components directly, so register both languages at once per test file.
import { registerTranslations } from '@masar/shell/runtime';
import { LEARNING_PATHS_NAMESPACE, PROGRESS_NAMESPACE } from './i18n/progress-translations';
import learningPathsAr from './locales/ar/learning-paths.json';
import learningPathsEn from './locales/en/learning-paths.json';
import ar from './locales/ar/progress.json';
import en from './locales/en/progress.json';

registerTranslations(PROGRESS_NAMESPACE, { en, ar });
registerTranslations(LEARNING_PATHS_NAMESPACE, { en: learningPathsEn, ar: learningPathsAr });
