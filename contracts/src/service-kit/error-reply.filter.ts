import { type ErrorReply, isErrorReply } from '../errors';
import { type ArgumentsHost, Catch, Inject, type RpcExceptionFilter } from '@nestjs/common';
import { type NatsContext, RpcException } from '@nestjs/microservices';
import { type Observable, throwError } from 'rxjs';
import { rememberUnexpectedError } from './request-logging.nats-server';
import { SERVICE_IDENTITY, serviceDisplayName, type ServiceIdentity } from './service-identity';

/**
 * Every failure leaves a service as an ErrorReply {statusCode, message}: the gateway relies on that
 * shape. An unexpected error becomes a 500 without internals; the original is handed to the
 * request's log line (RequestLoggingNatsServer).
 */
@Catch()
export class ErrorReplyFilter implements RpcExceptionFilter<unknown> {
  private readonly internalError: ErrorReply;

  constructor(@Inject(SERVICE_IDENTITY) identity: ServiceIdentity) {
    this.internalError = {
      statusCode: 500,
      message: `The ${serviceDisplayName(identity.service)} service failed to handle the request`,
    };
  }

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    const reply = exception instanceof RpcException ? exception.getError() : undefined;
    if (isErrorReply(reply)) {
      return throwError(() => reply);
    }
    if (host.getType() === 'rpc') {
      rememberUnexpectedError(host.switchToRpc().getContext<NatsContext>(), exception);
    }
    return throwError(() => this.internalError);
  }
}
