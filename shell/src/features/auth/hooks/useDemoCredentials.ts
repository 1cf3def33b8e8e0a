import { useEffect, useState } from 'react';
import { DemoCredentials, readAppConfig } from '../../remotes/remote-registry';

/**
 * The demo learner's sign-in as the gateway's runtime config gives it (the same variables create
 * the account in svc-identity), so the login screen never shows stale credentials. Null while
 * loading, when the deployment hides them, or when the config cannot be read.
 */
export function useDemoCredentials(): DemoCredentials | null {
  const [credentials, setCredentials] = useState<DemoCredentials | null>(null);
  useEffect(() => {
    let current = true;
    readAppConfig().then(
      (config) => current && setCredentials(config.demoCredentials),
      () => current && setCredentials(null),
    );
    return () => {
      current = false;
    };
  }, []);
  return credentials;
}
