import {
  AI_SUBJECTS,
  type Caller,
  CALLER_HEADER,
  DEADLINE_HEADER,
  encodeCaller,
  ExtractSkillsReply,
  extractSkillsReplySchema,
  ExtractSkillsRequest,
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
import { JOBS_CONFIG, JobsConfig } from '../config';

export const SKILL_EXTRACTOR_UNAVAILABLE = 'The skill extractor is unavailable';
export const SKILL_EXTRACTOR_FAILED = 'The skill extractor failed to handle the request';
export const SKILL_EXTRACTOR_MISUNDERSTOOD = 'The skill extractor sent a reply svc-jobs does not understand';
export const SKILL_EXTRACTOR_OUT_OF_TIME = 'The request ran out of time before the skill extractor could be asked';

/** Nest's answer when a handler throws something other than an RpcException. */
const nestInternalErrorSchema = z.object({ status: z.literal('error'), message: z.string() });

/**
 * What a failed call to svc-ai becomes: its own ErrorReply passes through unchanged (e.g. 400 for a
 * posting it refuses, and its AI governance refusals: 403 feature off, 428 notice not accepted, 429
 * budget used up), a crash inside it is a 502, and silence (timeout, no responders) a 503.
 */
export function skillExtractorFailure(error: unknown): RpcException {
  if (isErrorReply(error)) {
    return rpcError(error.statusCode, error.message);
  }
  if (nestInternalErrorSchema.safeParse(error).success) {
    return rpcError(502, SKILL_EXTRACTOR_FAILED);
  }
  return rpcError(503, SKILL_EXTRACTOR_UNAVAILABLE);
}

/**
 * Asks svc-ai to extract the skills of a posting, over NATS request-reply with the request id and,
 * for a person's posting, that person in the caller header: svc-ai logs the call as theirs and
 * refuses it as it would refuse them (feature off, notice not accepted, budget used up). Without a
 * caller (a predefined role's shared posting) the call is Masar's own work.
 */
@Injectable()
export class SkillExtractorClient {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async extractSkills(request: ExtractSkillsRequest, caller?: Caller): Promise<ExtractSkillsReply> {
    const requestId = currentRequestId() ?? randomUUID();
    // svc-ai is given until the sooner of our own limit and the caller's deadline (less the time our
    // answer needs to get back), and answers with its own reason before we stop waiting.
    const deadline = onwardDeadline(currentDeadline(), this.config.aiRequestTimeoutMs);
    const waitMs = deadline - Date.now();
    if (waitMs <= 0) {
      this.logger.warn({ requestId, target: 'ai', subject: AI_SUBJECTS.EXTRACT_SKILLS }, 'no time left to ask svc-ai');
      throw rpcError(503, SKILL_EXTRACTOR_OUT_OF_TIME);
    }
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, requestId);
    headers.set(DEADLINE_HEADER, formatDeadline(deadline));
    if (caller) headers.set(CALLER_HEADER, encodeCaller(caller));
    const record = new NatsRecordBuilder(request).setHeaders(headers).build();

    let answer: unknown;
    try {
      answer = await firstValueFrom(this.nats.send<unknown>(AI_SUBJECTS.EXTRACT_SKILLS, record).pipe(timeout(waitMs)));
    } catch (error) {
      const failure = skillExtractorFailure(error);
      const reason = error instanceof Error ? error.message : (failure.getError() as { message: string }).message;
      this.logger.warn({ requestId, target: 'ai', subject: AI_SUBJECTS.EXTRACT_SKILLS, reason }, 'skill extraction failed');
      throw failure;
    }
    const parsed = extractSkillsReplySchema.safeParse(answer);
    if (!parsed.success) {
      this.logger.error({ requestId, subject: AI_SUBJECTS.EXTRACT_SKILLS }, 'svc-ai reply does not match its contract');
      throw rpcError(502, SKILL_EXTRACTOR_MISUNDERSTOOD);
    }
    return parsed.data;
  }
}
