import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/shell.json';
import en from '../locales/en/shell.json';

export const SHELL_NAMESPACE = 'shell';

export function registerShellTranslations(): void {
  registerTranslations(SHELL_NAMESPACE, { en, ar });
}
