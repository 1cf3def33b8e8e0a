import { BuiltServiceProcess, startBuiltService } from '../../../deploy/local/service-process';

/** svc-ai running as its own Node process from its build (the offline provider unless told otherwise). */
export type AiProcess = BuiltServiceProcess;

export function startAi(env: Record<string, string> = {}): Promise<AiProcess> {
  return startBuiltService('svc-ai', { AI_PROVIDER: 'offline', ...env });
}
