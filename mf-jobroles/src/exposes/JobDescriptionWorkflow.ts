// One page per exposed module, so loading it does not pull the remote's other pages (and their
// libraries) into the same chunk; the translations are registered first (idempotent; the shell waits
// for the active language's strings before it shows the module).
import { registerJobRolesTranslations } from '../i18n/jobroles-translations';

void registerJobRolesTranslations();

export { JobDescriptionWorkflow as default } from '../features/job-role-skills/components/JobDescriptionWorkflow';
export type { JobDescriptionWorkflowProps } from '../features/job-role-skills/components/JobDescriptionWorkflow';
export type { ConfirmedSkillsHandoff } from '../features/skill-review/skill-draft';
