const { startBuiltService } = require('../../../deploy/local/service-process') as {
  startBuiltService(project: string, env: Record<string, string>): Promise<IdentityProcess>;
};

/** svc-identity running as its own Node process from its build, as it runs in production. */
export interface IdentityProcess {
  /** Every line it printed so far (pino JSON). */
  readonly lines: string[];
  stop(): Promise<void>;
}

export function startIdentity(env: Record<string, string>): Promise<IdentityProcess> {
  return startBuiltService('svc-identity', env);
}
