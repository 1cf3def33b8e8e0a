import {
  AI_FEATURES,
  AI_NOTICE_NOT_ACCEPTED_STATUS,
  aiProviderNotConfiguredMessage,
  CALLER_HEADER,
  type Caller,
  DEADLINE_HEADER,
  encodeCaller,
  type ErrorReply,
  formatDeadline,
  isErrorReply,
  onwardDeadline,
  REQUEST_ID_HEADER,
} from '@masar/contracts';
import { currentDeadline, currentRequestId, LOGGER, NATS_CLIENT, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder, RpcException } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from 'nats';
import { Logger } from 'pino';
import { firstValueFrom, timeout } from 'rxjs';
import { z } from 'zod';
import { COURSES_CONFIG, CoursesConfig } from '../config';

export const AI_SERVICE_UNAVAILABLE = 'The AI service is unavailable';
export const AI_SERVICE_FAILED = 'The AI service failed to handle the request';
export const AI_SERVICE_MISUNDERSTOOD = 'The AI service sent a reply svc-courses does not understand';
export const AI_SERVICE_OUT_OF_TIME = 'The request ran out of time before the AI service could be asked';

/** Who a call to svc-ai is for, and the request id to send on. */
export interface AiCallOptions {
  /**
   * The person the work is for, sent in `x-masar-caller`: svc-ai logs the call as theirs and applies
   * their AI-use notice and monthly budget. In a request, its caller; in a queued task, whoever
   * started it. Null only for Masar's own work (the seed catalog), which names nobody.
   */
  caller: Caller | null;
  /** Default: the id of the request being served (a queued task carries its own). */
  requestId?: string;
  /** Wait at most this long instead of AI_REQUEST_TIMEOUT_MS (a lookup that search must not wait on). */
  timeoutMs?: number;
}

/**
 * svc-ai declined to do the work for this caller (AI governance): the feature is turned off (403),
 * a learner has not accepted the AI-use notice (428), the monthly budget is used (429), or the
 * feature is set to a provider svc-ai has no key for (503). Its status and message reach the person
 * as they are: a task fails with the message, a request answers with the status.
 */
export class SvcAiRefusal extends RpcException {
  constructor(readonly reply: ErrorReply) {
    super(reply);
  }
}

const PROVIDER_NOT_CONFIGURED_MESSAGES = new Set(AI_FEATURES.map(aiProviderNotConfiguredMessage));

function isRefusal(reply: ErrorReply): boolean {
  return (
    reply.statusCode === 403 ||
    reply.statusCode === AI_NOTICE_NOT_ACCEPTED_STATUS ||
    reply.statusCode === 429 ||
    (reply.statusCode === 503 && PROVIDER_NOT_CONFIGURED_MESSAGES.has(reply.message))
  );
}

/** Nest's answer when a handler throws something other than an RpcException. */
const nestInternalErrorSchema = z.object({ status: z.literal('error'), message: z.string() });

/**
 * What a failed call to svc-ai becomes: its own ErrorReply passes through with its status and
 * message (400 for a request it cannot read; AI governance's refusals: 403 feature turned off, 428
 * AI-use notice not accepted, 429 monthly budget used, 503 provider not configured; 502/503 when
 * its model fails), a crash inside it is a 502, and silence (timeout, no responders) a 503.
 */
export function svcAiFailure(error: unknown): RpcException {
  if (isErrorReply(error)) {
    const reply: ErrorReply = { statusCode: error.statusCode, message: error.message };
    return isRefusal(reply) ? new SvcAiRefusal(reply) : rpcError(reply.statusCode, reply.message);
  }
  if (nestInternalErrorSchema.safeParse(error).success) return rpcError(502, AI_SERVICE_FAILED);
  return rpcError(503, AI_SERVICE_UNAVAILABLE);
}

/**
 * Request-reply to svc-ai over svc-courses' NATS client: the request id in the `x-request-id`
 * header, AI_REQUEST_TIMEOUT_MS to wait (a model writing a module's lessons takes a while), and the
 * answer checked against its contract before anyone reads it.
 */
@Injectable()
export class SvcAiRequester {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(COURSES_CONFIG) private readonly config: Pick<CoursesConfig, 'aiRequestTimeoutMs'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async request<TReply>(subject: string, payload: unknown, reply: z.ZodType<TReply>, options: AiCallOptions): Promise<TReply> {
    const requestId = options.requestId ?? currentRequestId() ?? randomUUID();
    // svc-ai is given until the sooner of our own limit and the deadline of the request being served
    // (less the time our answer needs to get back); a queued task has only our own limit.
    const deadline = onwardDeadline(currentDeadline(), options.timeoutMs ?? this.config.aiRequestTimeoutMs);
    const waitMs = deadline - Date.now();
    if (waitMs <= 0) {
      this.logger.warn({ requestId, target: 'ai', subject }, 'no time left to ask svc-ai');
      throw rpcError(503, AI_SERVICE_OUT_OF_TIME);
    }
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, requestId);
    headers.set(DEADLINE_HEADER, formatDeadline(deadline));
    if (options.caller) headers.set(CALLER_HEADER, encodeCaller(options.caller));
    const record = new NatsRecordBuilder(payload).setHeaders(headers).build();

    let answer: unknown;
    try {
      answer = await firstValueFrom(this.nats.send<unknown>(subject, record).pipe(timeout(waitMs)));
    } catch (error) {
      const failure = svcAiFailure(error);
      const reason = error instanceof Error ? error.message : (failure.getError() as { message: string }).message;
      this.logger.warn({ requestId, target: 'ai', subject, reason }, 'svc-ai request failed');
      throw failure;
    }
    const parsed = reply.safeParse(answer);
    if (!parsed.success) {
      this.logger.error({ requestId, target: 'ai', subject }, 'svc-ai reply does not match its contract');
      throw rpcError(502, AI_SERVICE_MISUNDERSTOOD);
    }
    return parsed.data;
  }
}
