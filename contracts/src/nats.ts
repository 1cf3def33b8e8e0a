/** Header that carries the request id from the gateway to every service's log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The Node processes that answer on NATS. Each listens in a queue group named after itself. */
export const SERVICE_NAMES = ['identity', 'jobs', 'courses', 'ai', 'progress'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Queue group of a service: several instances of one service share its load. */
export function queueGroupOf(service: ServiceName): string {
  return `svc-${service}`;
}

/**
 * Header carrying the moment (epoch milliseconds) after which nobody waits for the answer any more.
 * The gateway sets it from its own timeout; a service spends only the time left (retries included),
 * forwards a slightly earlier deadline to the services it asks in turn, and stops once it has passed.
 */
export const DEADLINE_HEADER = 'x-masar-deadline';

/**
 * Time a service keeps back from the deadline it received, for its answer to travel back and be read.
 * Each hop keeps this much, so the innermost service gives up (with its own reason) first.
 */
export const DEADLINE_MARGIN_MS = 500;

/** The deadline a header value names, or undefined when it is missing or not a plausible epoch time. */
export function parseDeadline(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  const deadline = Number(value.trim());
  return Number.isSafeInteger(deadline) && deadline > 0 ? deadline : undefined;
}

/** The header value for a deadline. */
export function formatDeadline(deadline: number): string {
  return String(Math.floor(deadline));
}

/**
 * The deadline to send on to the next service: the sooner of the one received (less the margin kept
 * for the answer's way back) and this service's own limit for that call.
 */
export function onwardDeadline(received: number | undefined, ownLimitMs: number, now: number = Date.now()): number {
  const own = now + ownLimitMs;
  return received === undefined ? own : Math.min(own, received - DEADLINE_MARGIN_MS);
}
