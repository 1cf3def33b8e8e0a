import { isErrorReply } from '../errors';
import { DEADLINE_HEADER, parseDeadline, REQUEST_ID_HEADER } from '../nats';
import { type NatsContext, type NatsOptions, ServerNats } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { runWithDeadline } from './deadline';
import { runWithRequestId } from './request-context';

type NatsServerOptions = Required<NatsOptions>['options'];
type NatsMessage = Parameters<ServerNats['getPublisher']>[0];

/** The packet Nest sends back: `{response}` on success, `{err}` (an ErrorReply after ErrorReplyFilter) on failure. */
interface ReplyPacket {
  response?: unknown;
  err?: unknown;
}

/** The original error behind a bare 500, left here by ErrorReplyFilter so the log line can show it. */
const unexpectedErrors = new WeakMap<NatsContext, unknown>();

export function rememberUnexpectedError(context: NatsContext, error: unknown): void {
  unexpectedErrors.set(context, error);
}

/**
 * Nest's NATS server, with what every service needs around each message:
 * - the handler and everything it causes run in the request's context, so the calls it makes carry
 *   the same `x-request-id` on (see request-context.ts);
 * - one structured line per handled message: {service, subject, requestId, durationMs, outcome}.
 * Doing this here rather than in a global Nest interceptor saves the rxjs and async-hook wrapping
 * Nest puts around every message once any interceptor exists (a tenth of svc-identity's CPU).
 */
export class RequestLoggingNatsServer extends ServerNats {
  constructor(
    options: NatsServerOptions,
    private readonly requestLog: Logger,
  ) {
    super(options);
  }

  override async handleMessage(channel: string, natsMsg: NatsMessage): Promise<unknown> {
    const requestId = natsMsg.headers?.get(REQUEST_ID_HEADER) || undefined;
    // The time the caller will wait travels too: calls made deep inside spend only what is left.
    const deadline = parseDeadline(natsMsg.headers?.get(DEADLINE_HEADER));
    return runWithDeadline(deadline, () => runWithRequestId(requestId, () => super.handleMessage(channel, natsMsg)));
  }

  override getPublisher(natsMsg: NatsMessage, id: string, context: NatsContext): (packet: ReplyPacket) => unknown {
    const publish = super.getPublisher(natsMsg, id, context);
    const startedAt = performance.now();
    return (packet) => {
      this.logOutcome(context, packet, performance.now() - startedAt);
      return publish(packet);
    };
  }

  /** Our subjects are plain strings: skip Nest's JSON.parse attempt, which throws (slowly) on each one. */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : pattern;
  }

  private logOutcome(context: NatsContext, packet: ReplyPacket, elapsedMs: number): void {
    const subject = context.getSubject();
    const requestId = context.getHeaders()?.get(REQUEST_ID_HEADER) || undefined;
    const durationMs = Math.round(elapsedMs * 100) / 100;
    if (packet.err === undefined || packet.err === null) {
      this.requestLog.info({ subject, requestId, durationMs, outcome: 'ok' }, 'message handled');
      return;
    }
    const statusCode = isErrorReply(packet.err) ? packet.err.statusCode : 500;
    const line = { subject, requestId, durationMs, outcome: 'error', statusCode };
    if (statusCode >= 500) {
      this.requestLog.error({ ...line, err: unexpectedErrors.get(context) ?? packet.err }, 'message failed');
    } else {
      this.requestLog.info(line, 'message refused');
    }
  }
}
