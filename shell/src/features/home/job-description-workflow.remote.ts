import type { ConfirmedSkillsHandoff } from '@masar/contracts';
import type { RemoteName } from '../remotes/remote-registry';

export type { ConfirmedSkillsHandoff };

/** Where the home page's job-to-skills flow comes from (mf-jobroles exposes it). */
export const JOB_DESCRIPTION_WORKFLOW: { remote: RemoteName; module: string } = {
  remote: 'mf_jobroles',
  module: './JobDescriptionWorkflow',
};

/** The props of mf-jobroles' `./JobDescriptionWorkflow`, as the shell passes them. */
export interface JobDescriptionWorkflowProps {
  /** Runs after the reviewed set is saved; the review reads 'Generating Path...' until it settles. */
  onSkillsConfirmed: (handoff: ConfirmedSkillsHandoff) => Promise<void> | void;
  uploadOpen: boolean;
  onUploadOpenChange: (open: boolean) => void;
}
