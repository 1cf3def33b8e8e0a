import { registerAgentsTranslations } from './agents-translations';
import { registerGovernanceTranslations } from './governance-translations';
import { registerPromptsTranslations } from './prompts-translations';
import { registerQualityTranslations } from './quality-translations';

/** Every namespace of this remote: its pages share some of each other's strings, and all four are small. */
export function registerAllAgentsTranslations(): void {
  registerAgentsTranslations();
  registerQualityTranslations();
  registerPromptsTranslations();
  registerGovernanceTranslations();
}
