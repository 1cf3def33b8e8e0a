import { BuiltServiceProcess, startBuiltService } from '../../../deploy/local/service-process';

/** svc-progress running as its own Node process from its build. */
export type ProgressProcess = BuiltServiceProcess;

export function startProgress(env: { NATS_URL?: string; DATABASE_URL: string; [name: string]: string | undefined }): Promise<ProgressProcess> {
  return startBuiltService('svc-progress', Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<string, string>);
}
