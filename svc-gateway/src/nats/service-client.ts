import {
  CALLER_HEADER,
  DEADLINE_HEADER,
  encodeCaller,
  ErrorReply,
  formatDeadline,
  healthSubjectOf,
  isErrorReply,
  REQUEST_ID_HEADER,
  ServiceName,
  serviceUnavailableMessage,
} from '@masar/contracts';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from 'nats';
import { Logger } from 'pino';
import { z } from 'zod';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';
import { currentCaller, currentRequestId } from '../logging/request-context';
import { NatsGatewayConnection, NatsRequester } from './nats-connection';

export interface ServiceRequest<TReply> {
  service: ServiceName;
  subject: string;
  payload: unknown;
  /** The contracts schema the answer must match. */
  reply: z.ZodType<TReply>;
  /** Defaults to NATS_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The caller turns a failure into its own answer (the health check): no warning in the log. */
  quiet?: boolean;
}

export function errorBody(statusCode: number, message: string): ErrorReply {
  return { statusCode, message };
}

/** "identity is unavailable": what the browser sees when a service does not answer in time. */
export function serviceUnavailable(service: ServiceName): HttpException {
  return new HttpException(errorBody(HttpStatus.SERVICE_UNAVAILABLE, serviceUnavailableMessage(service)), HttpStatus.SERVICE_UNAVAILABLE);
}

function unexpectedReply(service: ServiceName): HttpException {
  return new HttpException(
    errorBody(HttpStatus.BAD_GATEWAY, `${service} sent a reply the gateway does not understand`),
    HttpStatus.BAD_GATEWAY,
  );
}

/** Nest's answer when a handler throws something other than an RpcException. */
const nestInternalErrorSchema = z.object({ status: z.literal('error'), message: z.string() });

/** The reply packet a Nest microservice sends: `{response}` on success, `{err}` when the handler threw. */
const nestReplyPacketSchema = z.object({ response: z.unknown().optional(), err: z.unknown().optional() });

/** Thrown for a reply packet carrying `err`, so the error mapping below sees what the service said. */
class ServiceErrorReply {
  constructor(readonly error: unknown) {}
}

/**
 * Turns what a failed NATS request gave the gateway into the HTTP answer. A service's own
 * ErrorReply keeps its status and message; silence (timeout, no responders, no NATS)
 * is a 503 naming the service.
 */
export function httpExceptionFromServiceError(service: ServiceName, failure: unknown): HttpException {
  const error = failure instanceof ServiceErrorReply ? failure.error : failure;
  if (isErrorReply(error)) {
    return new HttpException(errorBody(error.statusCode, error.message), error.statusCode);
  }
  if (nestInternalErrorSchema.safeParse(error).success) {
    return new HttpException(errorBody(HttpStatus.BAD_GATEWAY, `${service} failed to handle the request`), HttpStatus.BAD_GATEWAY);
  }
  return serviceUnavailable(service);
}

/** Checks a service's answer against its contract before anything else reads it. */
export function parseServiceReply<TReply>(service: ServiceName, schema: z.ZodType<TReply>, reply: unknown): TReply {
  const parsed = schema.safeParse(reply);
  if (!parsed.success) {
    throw unexpectedReply(service);
  }
  return parsed.data;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The service's answer out of its reply packet; an `err` packet is thrown as a ServiceErrorReply,
 * bytes that are no reply packet at all as the 502 of a broken contract.
 */
function readReplyPacket(service: ServiceName, data: Uint8Array): unknown {
  let packet: z.infer<typeof nestReplyPacketSchema>;
  try {
    packet = nestReplyPacketSchema.parse(JSON.parse(decoder.decode(data)));
  } catch {
    throw unexpectedReply(service);
  }
  if (packet.err !== undefined && packet.err !== null) throw new ServiceErrorReply(packet.err);
  return packet.response;
}

/** Request-reply over NATS to the service that owns a subject, with the request id in the headers. */
@Injectable()
export class ServiceClient {
  constructor(
    @Inject(NatsGatewayConnection) private readonly nats: NatsRequester,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async request<TReply>({ service, subject, payload, reply, timeoutMs, quiet }: ServiceRequest<TReply>): Promise<TReply> {
    const requestId = currentRequestId() ?? randomUUID();
    const timeout = timeoutMs ?? this.config.natsRequestTimeoutMs;
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, requestId);
    // The service spends only the time the gateway will wait, and answers with its own reason first.
    headers.set(DEADLINE_HEADER, formatDeadline(Date.now() + timeout));
    const caller = currentCaller();
    if (caller) headers.set(CALLER_HEADER, encodeCaller(caller));
    // The packet shape a Nest microservice expects: it answers `{response}` or `{err}` with this id.
    const packet = encoder.encode(JSON.stringify({ pattern: subject, data: payload, id: randomUUID() }));

    let answer: unknown;
    try {
      const healthSubject = healthSubjectOf(service);
      const message = await this.nats.request(subject, packet, {
        timeout,
        headers,
        // A health check is itself a probe: it is not watched.
        ...(subject === healthSubject ? {} : { livenessSubject: healthSubject }),
      });
      answer = readReplyPacket(service, message.data);
    } catch (error) {
      const exception = error instanceof HttpException ? error : httpExceptionFromServiceError(service, error);
      if (exception.getStatus() >= 500 && !quiet) {
        const reason = error instanceof Error ? error.message : exception.message;
        this.logger.warn({ requestId, target: service, subject, reason }, 'service request failed');
      }
      throw exception;
    }
    try {
      return parseServiceReply(service, reply, answer);
    } catch (exception) {
      this.logger.error({ requestId, target: service, subject }, 'service reply does not match its contract');
      throw exception;
    }
  }
}
