export { JobDescriptionWorkflow as default } from '../remote-entry';
export type { JobDescriptionWorkflowProps, ConfirmedSkillsHandoff } from '../remote-entry';
