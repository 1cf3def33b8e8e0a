// What mf_jobroles gives the portal. Importing it registers the remote's translations
// in the shell's i18next instance; the pages then use the shell's store and router.
import { registerJobRolesTranslations } from './i18n/jobroles-translations';

void registerJobRolesTranslations();

export { JobRolesPage } from './features/job-descriptions/components/JobRolesPage';
export { JobDescriptionWorkflow, type JobDescriptionWorkflowProps } from './features/job-role-skills/components/JobDescriptionWorkflow';
export type { ConfirmedSkillsHandoff } from './features/skill-review/skill-draft';
