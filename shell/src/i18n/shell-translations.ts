import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/shell.json';
import en from '../locales/en/shell.json';
import { SHELL_NAMESPACE } from './shell-translations-lazy';

export { SHELL_NAMESPACE };

/** The whole portal: both languages, as a remote registers its own. */
export function registerShellTranslations(): void {
  registerTranslations(SHELL_NAMESPACE, { en, ar });
}
