import { connect, type ConnectionOptions, type NatsConnection } from 'nats';
import { SERVICE_NAMES, type ServiceName } from '../../nats';
import { natsInboxPrefixOf, natsPasswordVariable } from '../nats-options';
import { processNameOf } from '../service-identity';

/** Where a run by hand finds NATS; `npm test` starts Masar's own and sets NATS_URL. */
const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/**
 * A test's own NATS connection, signed in as the process whose part it plays: a test sending
 * requests as the gateway does is `'gateway'`, a stand-in answering for svc-ai is `'ai'`. On Masar's
 * NATS (deploy/nats/masar-nats.conf, started by `npm test`) it gets exactly that user's subject
 * permissions, so a test cannot take a shortcut production would refuse. Without a
 * MASAR_NATS_<USER>_PASSWORD in the environment it connects without credentials, as running one
 * project's tests by hand against an open NATS needs.
 */
export function connectToNatsAs(user: ServiceName | 'gateway', options: Omit<ConnectionOptions, 'user' | 'pass'> = {}): Promise<NatsConnection> {
  const password = process.env[natsPasswordVariable(user)];
  return connect({
    // Read at call time: a test may point NATS_URL elsewhere before it connects.
    servers: process.env.NATS_URL ?? DEFAULT_NATS_URL,
    name: `${processNameOf(user)} (test)`,
    ...(password ? { user: processNameOf(user), pass: password } : {}),
    // Its replies come back on the process's own inbox subjects, the only ones it may listen on.
    inboxPrefix: natsInboxPrefixOf(user),
    ...options,
  });
}

/**
 * The NATS user of a process named in a pact (`svc-jobs` -> `'jobs'`), so a provider's verification
 * sends each consumer's messages with that consumer's rights: a pact for a subject its consumer may
 * not publish on fails there, not first in production.
 */
export function natsUserOfProcess(processName: string): ServiceName | 'gateway' {
  const user = processName.replace(/^svc-/, '');
  if (user === 'gateway' || (SERVICE_NAMES as readonly string[]).includes(user)) return user as ServiceName | 'gateway';
  throw new Error(`${processName} is not a Masar process that signs in to NATS`);
}
