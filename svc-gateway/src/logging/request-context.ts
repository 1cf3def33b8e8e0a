import { type Caller, REQUEST_ID_HEADER } from '@masar/contracts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

interface RequestContext {
  requestId: string;
  /** Who is asking, once the session guard has read the signed-in user; every NATS call names them. */
  caller?: Caller;
}

/**
 * Carries the request id through everything one HTTP request causes (passport, the
 * NATS client), so a NATS call made deep inside can put it in its headers.
 */
const storage = new AsyncLocalStorage<RequestContext>();

/** Only short, plain ids are taken from a client: anything else could forge log lines. */
const SANE_REQUEST_ID = /^[\w-]{1,100}$/;

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function currentCaller(): Caller | undefined {
  return storage.getStore()?.caller;
}

/** Called by the session guard: from here on, the services this request calls are told who asks. */
export function setCurrentCaller(caller: Caller): void {
  const store = storage.getStore();
  if (store) store.caller = { id: caller.id, role: caller.role };
}

/** Accepts the caller's `x-request-id` when it looks sane, else makes one; echoes it back. */
export function requestIdMiddleware(request: Request, response: Response, next: NextFunction): void {
  const offered = request.headers[REQUEST_ID_HEADER];
  const requestId = typeof offered === 'string' && SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
  request.requestId = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  storage.run({ requestId }, next);
}
