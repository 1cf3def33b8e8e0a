import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/prompts.json';
import en from '../locales/en/prompts.json';

/** The prompt template editor's namespace in the portal's one i18next instance. */
export const PROMPTS_NAMESPACE = 'prompts';

export function registerPromptsTranslations(): void {
  registerTranslations(PROMPTS_NAMESPACE, { en, ar });
}
