import { RemoteModule } from '../../remotes/components/RemoteModule';
import type { RemoteModuleLoader } from '../../remotes/remote-registry';
import { JOB_DESCRIPTION_WORKFLOW, type JobDescriptionWorkflowProps } from '../job-description-workflow.remote';

export interface RemoteJobDescriptionWorkflowProps extends JobDescriptionWorkflowProps {
  /** Injected in tests; the federation runtime otherwise. */
  loadModule?: RemoteModuleLoader;
  /** Called once the workflow, or its error panel, is on screen. */
  onSettled?: () => void;
}

/** mf-jobroles' job-to-skills flow, loaded at runtime with the shell's props, error panel and Retry. */
export function RemoteJobDescriptionWorkflow({ loadModule, onSettled, ...props }: RemoteJobDescriptionWorkflowProps) {
  return (
    <RemoteModule<JobDescriptionWorkflowProps>
      remote={JOB_DESCRIPTION_WORKFLOW.remote}
      module={JOB_DESCRIPTION_WORKFLOW.module}
      loadModule={loadModule}
      componentProps={props}
      onSettled={onSettled}
    />
  );
}
