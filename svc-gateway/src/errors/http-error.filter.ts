import { ErrorReply } from '@masar/contracts';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Inject } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { describeBodyParserError } from './body-parser-errors';
import { isJsonBodyTooLarge, JSON_BODY_TOO_LARGE_MESSAGE } from '../validation/json-body-limit';

export function messageOf(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.join('; ');
  return exception.message;
}

/**
 * Every error leaves the gateway as an ErrorReply `{statusCode, message}`: the shell shows
 * `message`, and a service's own status and message pass through unchanged.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    let body: ErrorReply;
    const bodyParserError = describeBodyParserError(exception);
    if (exception instanceof HttpException) {
      body = { statusCode: exception.getStatus(), message: messageOf(exception) };
    } else if (isJsonBodyTooLarge(exception)) {
      body = { statusCode: HttpStatus.PAYLOAD_TOO_LARGE, message: JSON_BODY_TOO_LARGE_MESSAGE };
    } else if (bodyParserError) {
      body = bodyParserError;
    } else {
      this.logger.error({ err: exception, requestId: request.requestId }, 'unhandled error');
      body = { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong on our side' };
    }
    if (!response.headersSent) {
      response.status(body.statusCode).json(body);
    }
  }
}
