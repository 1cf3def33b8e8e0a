import {
  AI_SUBJECTS,
  ExtractSkillsReply,
  extractSkillsReplySchema,
  ExtractSkillsRequest,
  isErrorReply,
  REQUEST_ID_HEADER,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder, RpcException } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from 'nats';
import { Logger } from 'pino';
import { firstValueFrom, timeout } from 'rxjs';
import { z } from 'zod';
import { JOBS_CONFIG, JobsConfig } from '../config';
import { rpcError } from '../errors/rpc-error';
import { LOGGER } from '../logging/logger';
import { currentRequestId } from '../logging/request-context';
import { NATS_CLIENT } from '../nats/nats-client.module';

export const SKILL_EXTRACTOR_UNAVAILABLE = 'The skill extractor is unavailable';
export const SKILL_EXTRACTOR_FAILED = 'The skill extractor failed to handle the request';
export const SKILL_EXTRACTOR_MISUNDERSTOOD = 'The skill extractor sent a reply svc-jobs does not understand';

/** Nest's answer when a handler throws something other than an RpcException. */
const nestInternalErrorSchema = z.object({ status: z.literal('error'), message: z.string() });

/**
 * What a failed call to svc-ai becomes: its own ErrorReply passes through unchanged (e.g. 400 for a
 * posting it refuses), a crash inside it is a 502, and silence (timeout, no responders) a 503.
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

/** Asks svc-ai to extract the skills of a posting, over NATS request-reply with the request id. */
@Injectable()
export class SkillExtractorClient {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async extractSkills(request: ExtractSkillsRequest): Promise<ExtractSkillsReply> {
    const requestId = currentRequestId() ?? randomUUID();
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, requestId);
    const record = new NatsRecordBuilder(request).setHeaders(headers).build();

    let answer: unknown;
    try {
      answer = await firstValueFrom(
        this.nats.send<unknown>(AI_SUBJECTS.EXTRACT_SKILLS, record).pipe(timeout(this.config.aiRequestTimeoutMs)),
      );
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
