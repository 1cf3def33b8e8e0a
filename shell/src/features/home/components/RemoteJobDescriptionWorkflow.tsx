import { LoadingSpinner } from '@masar/shell/runtime';
import { Suspense, lazy, useMemo, useState } from 'react';
import { RemoteErrorBoundary } from '../../remotes/components/RemoteErrorBoundary';
import { loadRemoteModule, type RemoteModuleLoader } from '../../remotes/remote-registry';
import {
  JOB_DESCRIPTION_WORKFLOW,
  type ExposedJobDescriptionWorkflow,
  type JobDescriptionWorkflowProps,
} from '../job-description-workflow.remote';

export interface RemoteJobDescriptionWorkflowProps extends JobDescriptionWorkflowProps {
  /** Injected in tests; the federation runtime otherwise. */
  loadModule?: RemoteModuleLoader;
}

/**
 * mf-jobroles' job-to-skills flow, loaded at runtime like a remote page but with props. If the
 * remote fails to load or render, the shell's error panel names it and Retry loads it afresh.
 */
export function RemoteJobDescriptionWorkflow({ loadModule = loadRemoteModule, ...props }: RemoteJobDescriptionWorkflowProps) {
  const { remote, module } = JOB_DESCRIPTION_WORKFLOW;
  const moduleName = `${remote}/${module.replace(/^\.\//, '')}`;
  const [attempt, setAttempt] = useState(0);

  // A new lazy component per attempt: React caches a rejected one forever.
  const Workflow = useMemo(
    () =>
      lazy(async () => {
        const exposed = await loadModule<ExposedJobDescriptionWorkflow>(remote, module, { fresh: attempt > 0 });
        if (typeof exposed.default !== 'function' && typeof exposed.default !== 'object') {
          throw new Error(`${moduleName} has no default export`);
        }
        return { default: exposed.default };
      }),
    [remote, module, moduleName, attempt, loadModule],
  );

  return (
    <RemoteErrorBoundary key={attempt} moduleName={moduleName} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<LoadingSpinner />}>
        <Workflow {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
