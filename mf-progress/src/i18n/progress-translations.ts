import { registerTranslationsByLanguage } from '@masar/shell/runtime';

/** This remote's namespaces in the portal's one i18next instance. */
export const PROGRESS_NAMESPACE = 'progress';
export const LEARNING_PATHS_NAMESPACE = 'learningPaths';

/** One language at a time: the reader's downloads, the other only if they switch (the shell waits for it). */
export function registerProgressTranslations(): Promise<void> {
  return Promise.all([
    registerTranslationsByLanguage(PROGRESS_NAMESPACE, {
      en: () => import('../locales/en/progress.json'),
      ar: () => import('../locales/ar/progress.json'),
    }),
    registerTranslationsByLanguage(LEARNING_PATHS_NAMESPACE, {
      en: () => import('../locales/en/learning-paths.json'),
      ar: () => import('../locales/ar/learning-paths.json'),
    }),
  ]).then(() => undefined);
}
