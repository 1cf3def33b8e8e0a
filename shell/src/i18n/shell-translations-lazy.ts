import { i18n, type Language } from '../runtime/i18n/i18n';

export const SHELL_NAMESPACE = 'shell';

/** Each language's shell strings, a chunk of its own. */
export const SHELL_TRANSLATIONS = {
  en: () => import('../locales/en/shell.json'),
  ar: () => import('../locales/ar/shell.json'),
} satisfies Record<Language, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * One language's shell strings, each in a chunk of its own: the lean landing page downloads only
 * the language it shows, and the other one when the visitor switches. A no-op once present (the full
 * portal registers the same chunks with registerShellTranslations).
 */
export async function loadShellTranslations(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, SHELL_NAMESPACE)) return;
  const bundle = await SHELL_TRANSLATIONS[language]();
  i18n.addResourceBundle(language, SHELL_NAMESPACE, bundle.default, true, true);
}
