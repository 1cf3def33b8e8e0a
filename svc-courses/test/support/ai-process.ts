import { BuiltServiceProcess, startBuiltService } from '../../../deploy/local/service-process';

/** svc-ai running as its own Node process from its build (the offline provider unless told otherwise). */
export type AiProcess = BuiltServiceProcess;

/** `DATABASE_URL`: the test's own database, where svc-ai keeps its prompt templates (schema `ai`). */
export function startAi(env: { DATABASE_URL: string } & Record<string, string>): Promise<AiProcess> {
  return startBuiltService('svc-ai', { AI_PROVIDER: 'offline', ...env });
}
