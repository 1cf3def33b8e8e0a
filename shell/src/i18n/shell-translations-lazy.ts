import { i18n, type Language } from '../runtime/i18n/i18n';

export const SHELL_NAMESPACE = 'shell';

/**
 * One language's shell strings, each in a chunk of its own: the lean landing page downloads only
 * the language it shows, and the other one when the visitor switches. A no-op once present (the full
 * portal registers both with registerShellTranslations).
 */
export async function loadShellTranslations(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, SHELL_NAMESPACE)) return;
  const bundle = language === 'ar' ? await import('../locales/ar/shell.json') : await import('../locales/en/shell.json');
  i18n.addResourceBundle(language, SHELL_NAMESPACE, bundle.default, true, true);
}
