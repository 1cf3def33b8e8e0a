/** A nats-server or redis-server of the caller's own (own-servers.js). */
export interface OwnServer {
  readonly name: string;
  readonly port: number;
  /** nats://127.0.0.1:<port> or redis://127.0.0.1:<port> */
  readonly url: string;
  /** Its last lines of output. */
  readonly output: string[];
  start(timeoutMs?: number): Promise<void>;
  running(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Stops it (SIGKILL unless told), waits `downMs`, starts it again on the same port. */
  restart(downMs: number, signal?: NodeJS.Signals): Promise<void>;
  /** Kills it and removes its data folder (unless the caller chose the folder). */
  dispose(): Promise<void>;
}

/** A nats-server; with `passwords`, Masar's own (deploy/nats/masar-nats.conf). */
export interface OwnNats extends OwnServer {
  /** MASAR_NATS_<USER>_PASSWORD variables; empty for a NATS without authentication. */
  readonly passwords: Record<string, string>;
}

export type NatsUser = 'gateway' | 'identity' | 'jobs' | 'courses' | 'ai' | 'progress';
export const NATS_USERS: readonly NatsUser[];
export const MASAR_NATS_CONFIG: string;
export function natsPasswordVariable(user: NatsUser): string;
export function generateNatsPasswords(): Record<string, string>;

export function startOwnNats(options?: { port?: number; storeDir?: string; passwords?: Record<string, string> }): Promise<OwnNats>;
export function startMasarNats(options?: { port?: number; storeDir?: string; passwords?: Record<string, string> }): Promise<OwnNats>;
export function startOwnRedis(options?: { persistent?: boolean; port?: number }): Promise<OwnServer>;
/** One server process on a fixed port (`command args`), started and stopped by the caller. */
export const OwnServer: new (name: string, command: string, args: string[], port: number, dataDir: string, env?: NodeJS.ProcessEnv) => OwnServer;
export function freePort(): Promise<number>;
