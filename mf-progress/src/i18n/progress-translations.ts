import { registerTranslations } from '@masar/shell/runtime';
import learningPathsAr from '../locales/ar/learning-paths.json';
import learningPathsEn from '../locales/en/learning-paths.json';
import ar from '../locales/ar/progress.json';
import en from '../locales/en/progress.json';

/** This remote's namespaces in the portal's one i18next instance. */
export const PROGRESS_NAMESPACE = 'progress';
export const LEARNING_PATHS_NAMESPACE = 'learningPaths';

export function registerProgressTranslations(): void {
  registerTranslations(PROGRESS_NAMESPACE, { en, ar });
  registerTranslations(LEARNING_PATHS_NAMESPACE, { en: learningPathsEn, ar: learningPathsAr });
}
