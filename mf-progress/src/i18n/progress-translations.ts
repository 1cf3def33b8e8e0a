import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/progress.json';
import en from '../locales/en/progress.json';

/** This remote's namespace in the portal's one i18next instance. */
export const PROGRESS_NAMESPACE = 'progress';

export function registerProgressTranslations(): void {
  registerTranslations(PROGRESS_NAMESPACE, { en, ar });
}
