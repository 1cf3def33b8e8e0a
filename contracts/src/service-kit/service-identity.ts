import type { ServiceName } from '../nats';

/** Injection token of the running service's {@link ServiceIdentity}. */
export const SERVICE_IDENTITY = Symbol('SERVICE_IDENTITY');

/** Which service this process is, and the NATS it talks to: what the kit's pieces need to know. */
export interface ServiceIdentity {
  service: ServiceName;
  natsUrl: string;
  /** Its NATS password (MASAR_NATS_<SERVICE>_PASSWORD), when NATS asks for one. */
  natsPassword?: string;
}

/** How people read a service's name in a message: "The AI service", "The jobs service". */
export function serviceDisplayName(service: ServiceName): string {
  return service === 'ai' ? 'AI' : service;
}

/** The process name every log line and NATS connection carries: `svc-jobs`. */
export function processNameOf(service: ServiceName | 'gateway'): string {
  return `svc-${service}`;
}
