import { ErrorReply, isErrorReply } from '@masar/contracts';
import { ArgumentsHost, Catch, RpcExceptionFilter } from '@nestjs/common';
import { NatsContext, RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { rememberUnexpectedError } from '../logging/request-logging.nats-server';

const INTERNAL_ERROR: ErrorReply = { statusCode: 500, message: 'The identity service failed to handle the request' };

/**
 * Every failure leaves this service as an ErrorReply {statusCode, message}: the gateway
 * relies on that shape. Unexpected errors become a 500 without internals; the original
 * is handed to the request log line.
 */
@Catch()
export class ErrorReplyFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    const reply = exception instanceof RpcException ? exception.getError() : undefined;
    if (isErrorReply(reply)) {
      return throwError(() => reply);
    }
    rememberUnexpectedError(host.switchToRpc().getContext<NatsContext>(), exception);
    return throwError(() => INTERNAL_ERROR);
  }
}
