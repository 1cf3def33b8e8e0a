import { registerTranslationsByLanguage } from '@masar/shell/runtime';
import { SHELL_NAMESPACE, SHELL_TRANSLATIONS } from './shell-translations-lazy';

export { SHELL_NAMESPACE };

/** The whole portal: the active language's strings now, another language's when the reader picks it. */
export function registerShellTranslations(): Promise<void> {
  return registerTranslationsByLanguage(SHELL_NAMESPACE, SHELL_TRANSLATIONS);
}
