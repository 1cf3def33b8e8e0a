const { startBuiltService } = require('../../../deploy/local/service-process') as {
  startBuiltService(project: string, env: Record<string, string>): Promise<ProgressProcess>;
};

/** svc-progress running as its own Node process from its build. */
export interface ProgressProcess {
  readonly lines: string[];
  stop(): Promise<void>;
}

export function startProgress(env: { NATS_URL?: string; DATABASE_URL: string }): Promise<ProgressProcess> {
  return startBuiltService('svc-progress', Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<string, string>);
}
