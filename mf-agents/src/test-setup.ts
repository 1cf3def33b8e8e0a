// The remote registers its namespace when the shell loads it; tests render its
// components directly, so register it once per test file.
import { registerAgentsTranslations } from './i18n/agents-translations';
import { registerGovernanceTranslations } from './i18n/governance-translations';
import { registerPromptsTranslations } from './i18n/prompts-translations';
import { registerQualityTranslations } from './i18n/quality-translations';

registerAgentsTranslations();
registerQualityTranslations();
registerPromptsTranslations();
registerGovernanceTranslations();
