import { registerTranslationsByLanguage } from '@masar/shell/runtime';

/** This remote's namespace in the portal's one i18next instance. */
export const JOBROLES_NAMESPACE = 'jobroles';

/** One language at a time: the reader's downloads, the other only if they switch (the shell waits for it). */
export function registerJobRolesTranslations(): Promise<void> {
  return registerTranslationsByLanguage(JOBROLES_NAMESPACE, {
    en: () => import('../locales/en/jobroles.json'),
    ar: () => import('../locales/ar/jobroles.json'),
  });
}
