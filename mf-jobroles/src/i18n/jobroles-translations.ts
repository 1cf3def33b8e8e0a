import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/jobroles.json';
import en from '../locales/en/jobroles.json';

/** This remote's namespace in the portal's one i18next instance. */
export const JOBROLES_NAMESPACE = 'jobroles';

export function registerJobRolesTranslations(): void {
  registerTranslations(JOBROLES_NAMESPACE, { en, ar });
}
