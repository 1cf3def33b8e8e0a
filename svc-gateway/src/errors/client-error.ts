import type { ErrorReply } from '@masar/contracts';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's default limit on a request's line and headers together (--max-http-header-size). */
const HEADER_LIMIT_KB = 16;

/** What the HTTP parser could not accept, as a status and a sentence a person can act on. */
export function describeClientError(error: Error & { code?: string }): ErrorReply {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        statusCode: 431,
        message: `The request's address or headers are too large (at most ${HEADER_LIMIT_KB} KB together); clear this site's cookies or shorten the address`,
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADERS_TIMEOUT':
      return { statusCode: 408, message: 'The request took too long to arrive; please try again' };
    default:
      return { statusCode: 400, message: 'The request is not valid HTTP and could not be read' };
  }
}

/** The raw response for a socket that has no request object yet: status line, headers and the JSON body. */
export function clientErrorResponse(reply: ErrorReply): string {
  const body = JSON.stringify(reply);
  return [
    `HTTP/1.1 ${reply.statusCode} ${STATUS_CODES[reply.statusCode] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Node's HTTP server answers a request it cannot parse (headers over the limit: 431; malformed: 400)
 * by itself, with no body. Listening to 'clientError' replaces that answer with the gateway's usual
 * `{statusCode, message}`. It is written to the socket directly: there is no request or response
 * object yet, and nothing is written when a response is already under way on that connection.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(describeClientError(error)));
  });
}
