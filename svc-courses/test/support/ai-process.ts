const { startBuiltService } = require('../../../deploy/local/service-process') as {
  startBuiltService(project: string, env: Record<string, string>): Promise<AiProcess>;
};

/** svc-ai running as its own Node process from its build (the offline provider unless told otherwise). */
export interface AiProcess {
  readonly lines: string[];
  stop(): Promise<void>;
}

export function startAi(env: Record<string, string> = {}): Promise<AiProcess> {
  return startBuiltService('svc-ai', { AI_PROVIDER: 'offline', ...env });
}
