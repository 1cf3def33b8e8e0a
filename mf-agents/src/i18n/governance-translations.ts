import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/governance.json';
import en from '../locales/en/governance.json';

/** The AI governance screens' namespace in the portal's one i18next instance. */
export const GOVERNANCE_NAMESPACE = 'governance';

export function registerGovernanceTranslations(): void {
  registerTranslations(GOVERNANCE_NAMESPACE, { en, ar });
}
