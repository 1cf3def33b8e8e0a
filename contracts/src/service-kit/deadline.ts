// Node only: the deadline of the message being handled, from the header the gateway sets, carried
// into everything the handler causes (the calls it makes to other services, to a model).
// RequestLoggingNatsServer sets it around each message's handler.
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<{ deadline: number | undefined }>();

/** The deadline (epoch ms) of the message being handled, or undefined when nobody set one. */
export function currentDeadline(): number | undefined {
  return storage.getStore()?.deadline;
}

/** Runs `work` with `deadline` as the current one; `undefined` clears any deadline around it. */
export function runWithDeadline<T>(deadline: number | undefined, work: () => T): T {
  return storage.run({ deadline }, work);
}

/** Milliseconds until `deadline` (never negative); `fallbackMs` when there is none. */
export function timeLeftMs(deadline: number | undefined, fallbackMs: number, now: number = Date.now()): number {
  return deadline === undefined ? fallbackMs : Math.max(0, deadline - now);
}
