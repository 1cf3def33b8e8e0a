import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/quality.json';
import en from '../locales/en/quality.json';

/** The Quality Assurance page's namespace in the portal's one i18next instance. */
export const QUALITY_NAMESPACE = 'quality';

export function registerQualityTranslations(): void {
  registerTranslations(QUALITY_NAMESPACE, { en, ar });
}
