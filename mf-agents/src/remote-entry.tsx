// What mf_agents gives the portal. Importing it registers the remote's translations
// in the shell's i18next instance; the pages then use the shell's store and router.
import { registerAllAgentsTranslations } from './i18n/all-translations';

registerAllAgentsTranslations();

export { AgentsPage } from './features/agents/components/AgentsPage';
export { QualityPage } from './features/quality/components/QualityPage';
export { PromptsPage } from './features/prompts/components/PromptsPage';
export { GovernancePage } from './features/governance/components/GovernancePage';
