import type { ErrorReply } from '@masar/contracts';
import type { NextFunction, Request, Response } from 'express';

/** The body types the API reads: JSON everywhere, multipart for files, form fields where a form posts. */
const READABLE_BODY_TYPES = /^(?:application\/(?:[\w.+-]+\+)?json|multipart\/form-data|application\/x-www-form-urlencoded)\s*(?:;|$)/i;

export const UNSUPPORTED_BODY_TYPE_MESSAGE = 'Send the request body as JSON (Content-Type: application/json), or files as multipart/form-data';

/**
 * Whether the request says it carries a body. A chunked request without a type may well be empty
 * (proxies re-send an empty POST that way): it is let through, and the route says what it misses.
 */
function hasBody(request: Request): boolean {
  if (Number(request.headers['content-length'] ?? 0) > 0) return true;
  return request.headers['transfer-encoding'] !== undefined && request.headers['content-type'] !== undefined;
}

/**
 * An API call with a body in a type the gateway does not read (text/plain, XML, no type at all) is a
 * 415 saying what to send. Without this the body is silently ignored and the caller is told that
 * every field is missing, which sends them looking in the wrong place.
 */
export function createRequestBodyTypeCheck() {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!request.path.startsWith('/api/') || !hasBody(request) || READABLE_BODY_TYPES.test(request.headers['content-type'] ?? '')) {
      next();
      return;
    }
    const reply: ErrorReply = { statusCode: 415, message: UNSUPPORTED_BODY_TYPE_MESSAGE };
    response.status(reply.statusCode).json(reply);
  };
}
