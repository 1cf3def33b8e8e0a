import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/agents.json';
import en from '../locales/en/agents.json';

/** This remote's namespace in the portal's one i18next instance. */
export const AGENTS_NAMESPACE = 'agents';

export function registerAgentsTranslations(): void {
  registerTranslations(AGENTS_NAMESPACE, { en, ar });
}
