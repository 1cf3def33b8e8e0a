import { BuiltServiceProcess, startBuiltService } from '../../../deploy/local/service-process';

/** svc-identity running as its own Node process from its build, as it runs in production. */
export type IdentityProcess = BuiltServiceProcess;

export function startIdentity(env: Record<string, string>): Promise<IdentityProcess> {
  return startBuiltService('svc-identity', env);
}
