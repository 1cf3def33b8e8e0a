import { queueGroupOf, type ServiceName } from '../nats';
import type { ConnectionOptions } from 'nats';
import { processNameOf } from './service-identity';

/** `MASAR_NATS_JOBS_PASSWORD`: the variable holding a process's NATS password (deploy/nats). */
export function natsPasswordVariable(user: ServiceName | 'gateway'): string {
  return `MASAR_NATS_${user.toUpperCase()}_PASSWORD`;
}

/**
 * The NATS password of a process, from the environment it was started with, else its process's
 * (a test boots several services in one process with small environments of their own). Masar's NATS
 * (deploy/nats/masar-nats.conf) refuses a client without one; in production a missing password stops
 * the process at start instead of letting it knock on NATS without credentials.
 */
export function natsPasswordFrom(user: ServiceName | 'gateway', env: NodeJS.ProcessEnv = process.env): string | undefined {
  const variable = natsPasswordVariable(user);
  const password = env[variable] ?? process.env[variable];
  if (!password && (env.NODE_ENV ?? process.env.NODE_ENV) === 'production') {
    throw new Error(`${variable} is required in production: ${processNameOf(user)} signs in to NATS with it`);
  }
  return password || undefined;
}

/**
 * The reply subjects of a process: `_INBOX_svc-jobs.…`. Each NATS user may listen only on its own
 * (deploy/nats/masar-nats.conf), so no process can read the answers meant for another.
 */
export function natsInboxPrefixOf(user: ServiceName | 'gateway'): string {
  return `_INBOX_${processNameOf(user)}`;
}

/** How long one connection attempt (TCP, then NATS's handshake) may take before the next server is tried. */
export const NATS_CONNECT_ATTEMPT_TIMEOUT_MS = 3_000;
/** A ping this often; with NATS_MAX_PINGS_OUT still unanswered at the next one, the connection is given up and made again. */
export const NATS_PING_INTERVAL_MS = 5_000;
export const NATS_MAX_PINGS_OUT = 2;

/**
 * The one description of how a Masar process connects to NATS: the gateway's connection, each
 * service's microservice transport and its outgoing client all start here, so connection-wide
 * settings (reconnection, the process's NATS user and password) are written once.
 * `purpose: 'client'` names a service's second, outgoing connection (`svc-jobs-client`).
 */
export function natsConnectionOptions(
  service: ServiceName | 'gateway',
  natsUrl: string,
  purpose: 'serve' | 'client' = 'serve',
  password: string | undefined = natsPasswordFrom(service),
): ConnectionOptions {
  const processName = processNameOf(service);
  return {
    servers: [natsUrl],
    name: purpose === 'client' ? `${processName}-client` : processName,
    // One NATS user per process, named after it; its subject permissions are in deploy/nats.
    ...(password ? { user: processName, pass: password } : {}),
    inboxPrefix: natsInboxPrefixOf(service),
    // Never give up: a NATS restart of any length is survived, the connection comes back by itself.
    reconnect: true,
    maxReconnectAttempts: -1,
    // Attempts a quarter second apart (the client's default is 2 s): back soon after NATS is.
    reconnectTimeWait: 250,
    // One attempt gives up after this long (the client's default is 20 s). A NATS pod that vanished
    // leaves an address where connections hang unanswered; the attempt moves on to a live server.
    timeout: NATS_CONNECT_ATTEMPT_TIMEOUT_MS,
    // A server that stops answering without closing the connection (its node lost, its address
    // dropped by the network) is noticed by unanswered pings: within about 15 s instead of the
    // client's 4 to 6 minutes (a ping every 2 minutes, 2 unanswered allowed).
    pingInterval: NATS_PING_INTERVAL_MS,
    maxPingOut: NATS_MAX_PINGS_OUT,
  };
}

/** The options of a service's Nest NATS transport: its connection, queue group and graceful close. */
export function natsServerOptions(service: ServiceName, natsUrl: string, password?: string) {
  return {
    ...natsConnectionOptions(service, natsUrl, 'serve', password),
    // Several instances of one service share its load.
    queue: queueGroupOf(service),
    // On close, stop taking new messages first and give those in flight a moment to finish.
    gracefulShutdown: true,
    gracePeriod: 500,
  };
}
