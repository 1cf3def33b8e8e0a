import { isErrorReply, REQUEST_ID_HEADER } from '@masar/contracts';
import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext, RpcException } from '@nestjs/microservices';
import type { MsgHdrs } from 'nats';
import { Logger } from 'pino';
import { Observable, tap } from 'rxjs';
import { LOGGER } from './logger';
import { runWithRequestId } from './request-context';

/** Pulls the status out of whatever a handler threw, for the log line. */
function statusCodeOf(error: unknown): number {
  const reply = error instanceof RpcException ? error.getError() : error;
  return isErrorReply(reply) ? reply.statusCode : 500;
}

/**
 * One structured line per handled message: {service, subject, requestId, durationMs, outcome}.
 * The request id arrives in the NATS header set by the gateway, so one id can be followed
 * from the HTTP request through every service it touched.
 */
@Injectable()
export class RequestLoggingInterceptor implements NestInterceptor {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') {
      return next.handle();
    }
    const nats = context.switchToRpc().getContext<NatsContext>();
    const headers = nats.getHeaders() as MsgHdrs | undefined;
    const subject = nats.getSubject();
    const requestId = headers?.get(REQUEST_ID_HEADER) || undefined;
    const startedAt = performance.now();
    const durationMs = () => Math.round((performance.now() - startedAt) * 100) / 100;
    // The calls the handler makes (to svc-courses) carry the same id on.
    return runWithRequestId(requestId, () => next.handle()).pipe(
      tap({
        next: () => this.logger.info({ subject, requestId, durationMs: durationMs(), outcome: 'ok' }, 'message handled'),
        error: (error: unknown) => {
          const statusCode = statusCodeOf(error);
          const line = { subject, requestId, durationMs: durationMs(), outcome: 'error', statusCode };
          if (statusCode >= 500) {
            this.logger.error({ ...line, err: error }, 'message failed');
          } else {
            this.logger.info(line, 'message refused');
          }
        },
      }),
    );
  }
}
