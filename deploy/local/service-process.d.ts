/** A service running as its own Node process from its build (service-process.js). */
export interface BuiltServiceProcess {
  /** Every line it printed so far (pino JSON). */
  readonly lines: string[];
  /** How it ended, once it has: its exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing of it runs on. */
  kill(): Promise<void>;
}

export function startBuiltService(
  project: string,
  env: Record<string, string>,
  options?: { startTimeoutMs?: number },
): Promise<BuiltServiceProcess>;
