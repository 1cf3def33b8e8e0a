import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const IDENTITY_ENTRY = path.resolve(__dirname, '../../../svc-identity/dist/main.js');

/** svc-identity running as its own Node process from its build, as it runs in production. */
export interface IdentityProcess {
  /** Every line it printed so far (pino JSON). */
  readonly lines: string[];
  stop(): Promise<void>;
}

export async function startIdentity(env: Record<string, string>): Promise<IdentityProcess> {
  const child: ChildProcess = spawn(process.execPath, [IDENTITY_ENTRY], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc-identity did not start:\n${lines.join('\n')}`)), 20_000);
    const poll = setInterval(() => {
      if (lines.some((line) => line.includes('svc-identity is listening'))) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`svc-identity exited with ${code}:\n${lines.join('\n')}`));
    });
  });

  return {
    lines,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
