import { LoadingSpinner } from '@masar/shell/runtime';
import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { loadRemoteModule, type RemoteModuleLoader, type RemoteName } from '../remote-registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

interface ExposedPage {
  default: ComponentType;
}

export interface RemotePageProps {
  remote: RemoteName;
  /** The exposed module, e.g. `./CoursesPage`. */
  module: string;
  /** Injected in tests; the federation runtime otherwise. */
  loadModule?: RemoteModuleLoader;
}

/**
 * One remote page, loaded when its route is first shown. Retry builds a new lazy
 * component (React caches a rejected one forever) and asks the runtime to load afresh.
 */
export function RemotePage({ remote, module, loadModule = loadRemoteModule }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const moduleName = `${remote}/${module.replace(/^\.\//, '')}`;

  const Page = useMemo(
    () =>
      lazy(async () => {
        const exposed = await loadModule<ExposedPage>(remote, module, { fresh: attempt > 0 });
        if (typeof exposed.default !== 'function' && typeof exposed.default !== 'object') {
          throw new Error(`${moduleName} has no default export`);
        }
        return { default: exposed.default };
      }),
    [remote, module, moduleName, attempt, loadModule],
  );

  return (
    <RemoteErrorBoundary key={`${moduleName}#${attempt}`} moduleName={moduleName} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<LoadingSpinner />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
