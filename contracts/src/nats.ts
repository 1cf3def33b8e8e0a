/** Header that carries the request id from the gateway to every service's log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The Node processes that answer on NATS. Each listens in a queue group named after itself. */
export const SERVICE_NAMES = ['identity', 'jobs', 'courses', 'ai', 'progress'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Queue group of a service: several instances of one service share its load. */
export function queueGroupOf(service: ServiceName): string {
  return `svc-${service}`;
}
