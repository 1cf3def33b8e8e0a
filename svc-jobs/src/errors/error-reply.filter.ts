import { ErrorReply, isErrorReply } from '@masar/contracts';
import { Catch, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';

const INTERNAL_ERROR: ErrorReply = { statusCode: 500, message: 'The jobs service failed to handle the request' };

/**
 * Every failure leaves this service as an ErrorReply {statusCode, message}: the gateway
 * relies on that shape. Unexpected errors (already logged by the interceptor) become a 500
 * without internals.
 */
@Catch()
export class ErrorReplyFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    const reply = exception instanceof RpcException ? exception.getError() : undefined;
    return throwError(() => (isErrorReply(reply) ? reply : INTERNAL_ERROR));
  }
}
