import { LoadingSpinner, translationsReady } from '@masar/shell/runtime';
import { Suspense, lazy, useEffect, useMemo, useState, type ComponentType, type JSX } from 'react';
import { pageComponentsReady } from '../page-components';
import { loadRemoteModule, type RemoteModuleLoader, type RemoteName } from '../remote-registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

interface ExposedComponent<P> {
  default: ComponentType<P>;
}

export type RemoteModuleProps<P extends object> = {
  remote: RemoteName;
  /** The exposed module, e.g. `./CoursesPage`. */
  module: string;
  /** Injected in tests; the federation runtime otherwise. */
  loadModule?: RemoteModuleLoader;
  /** Called once the piece is on screen, or its error panel is. */
  onSettled?: () => void;
  /** A whole page (not a piece of home): shown only once the antd components home leaves for later are there too. */
  wholePage?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- asks whether every prop of P is optional
} & ({} extends P ? { componentProps?: P } : { componentProps: P });

/**
 * A component a remote exposes (a whole page, or a piece such as the home page's job flow), loaded
 * when first shown. If it fails to load or render, the error panel names it; Retry builds a new
 * lazy component (React caches a rejected one forever) and asks the runtime to load afresh.
 */
export function RemoteModule<P extends object = Record<string, never>>({
  remote,
  module,
  loadModule = loadRemoteModule,
  componentProps,
  onSettled,
  wholePage = false,
}: RemoteModuleProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const moduleName = `${remote}/${module.replace(/^\.\//, '')}`;

  const Component = useMemo(
    () =>
      lazy(async () => {
        const [exposed] = await Promise.all([
          loadModule<ExposedComponent<P>>(remote, module, { fresh: attempt > 0 }),
          wholePage ? pageComponentsReady() : undefined,
        ]);
        // The module registered its strings per language when it loaded: shown before they are in, it would show keys.
        await translationsReady();
        if (typeof exposed.default !== 'function' && typeof exposed.default !== 'object') {
          throw new Error(`${moduleName} has no default export`);
        }
        return { default: exposed.default };
      }),
    [remote, module, moduleName, attempt, loadModule, wholePage],
  );

  return (
    <RemoteErrorBoundary key={`${moduleName}#${attempt}`} moduleName={moduleName} onRetry={() => setAttempt((n) => n + 1)} onCaught={onSettled}>
      <Suspense fallback={<LoadingSpinner />}>
        <Component {...((componentProps ?? {}) as P & JSX.IntrinsicAttributes)} />
        {onSettled && <Settled onSettled={onSettled} />}
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** Mounts in the same commit as the loaded piece (one Suspense boundary), so it reports when that is shown. */
function Settled({ onSettled }: { onSettled: () => void }) {
  useEffect(() => onSettled(), [onSettled]);
  return null;
}
