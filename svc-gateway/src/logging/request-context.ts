import { REQUEST_ID_HEADER } from '@masar/contracts';
import { runWithRequestId } from '@masar/contracts/service-kit';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

// The request context (request id, and the caller once the session guard has read the signed-in
// user) is the kit's, as in every service: a NATS call made deep inside a request puts both in its headers.
export { currentCaller, currentRequestId, setCurrentCaller } from '@masar/contracts/service-kit';

/** Only short, plain ids are taken from a client: anything else could forge log lines. */
const SANE_REQUEST_ID = /^[\w-]{1,100}$/;

/** Accepts the caller's `x-request-id` when it looks sane, else makes one; echoes it back. */
export function requestIdMiddleware(request: Request, response: Response, next: NextFunction): void {
  const offered = request.headers[REQUEST_ID_HEADER];
  const requestId = typeof offered === 'string' && SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
  request.requestId = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  runWithRequestId(requestId, next);
}
