import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  requestId: string | undefined;
}

/**
 * Carries the request id of the message being handled into everything it causes, so the
 * call to svc-courses made deep inside a handler sends the same `x-request-id` on.
 */
const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Runs `start` inside the request's context. Nest binds the handler's async context when
 * `next.handle()` is called, so that call must happen in here.
 */
export function runWithRequestId<T>(requestId: string | undefined, start: () => T): T {
  return storage.run({ requestId }, start);
}
