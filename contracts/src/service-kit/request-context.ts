import { AsyncLocalStorage } from 'node:async_hooks';
import type { Caller } from '../identity/caller';

export interface RequestContext {
  /** The `x-request-id` one HTTP request carries through every service it touches. */
  requestId: string | undefined;
  /** Who is asking, once known (the gateway's session guard sets it); every NATS call names them. */
  caller?: Caller;
}

/**
 * Carries the request id of the request being handled into everything it causes, so a NATS call
 * made deep inside (to svc-ai, to svc-courses) sends the same `x-request-id` on. The gateway keeps
 * the HTTP request's context here too.
 */
const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function currentCaller(): Caller | undefined {
  return storage.getStore()?.caller;
}

/** From here on, within the current request, the services it calls are told who asks. */
export function setCurrentCaller(caller: Caller): void {
  const store = storage.getStore();
  if (store) store.caller = { id: caller.id, role: caller.role };
}

/** Runs `start` inside a request's context: everything it causes, sync or async, sees `requestId`. */
export function runWithRequestId<T>(requestId: string | undefined, start: () => T): T {
  return storage.run({ requestId }, start);
}
