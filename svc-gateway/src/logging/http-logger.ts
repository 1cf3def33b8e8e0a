import type { Request, RequestHandler } from 'express';
import { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/**
 * One pino line per API call with its request id, method, path, status and duration.
 * Cookies and other headers are left out of the log on purpose.
 */
export function createHttpLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (request) => (request as Request).requestId,
    autoLogging: { ignore: (request) => !(request.url ?? '').startsWith('/api') },
    customProps: (request) => ({ requestId: (request as Request).requestId }),
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'warn' : 'info'),
    // A 5xx answer is already explained by the line that caused it; pino-http's made-up
    // "failed with status code" error would only add a meaningless stack.
    customErrorMessage: () => 'request failed',
    customErrorObject: (_request, _response, _error, line: Record<string, unknown>) => {
      const { err: _synthetic, ...rest } = line;
      return rest;
    },
    serializers: {
      req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
  }) as RequestHandler;
}
