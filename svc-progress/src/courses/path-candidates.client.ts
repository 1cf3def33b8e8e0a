import {
  COURSES_SUBJECTS,
  findPathCandidatesReplySchema,
  isErrorReply,
  PathCandidateCourse,
  REQUEST_ID_HEADER,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder, RpcException } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from 'nats';
import { Logger } from 'pino';
import { firstValueFrom, timeout } from 'rxjs';
import { PROGRESS_CONFIG, ProgressConfig } from '../config';
import { currentRequestId, LOGGER, NATS_CLIENT, rpcError } from '@masar/contracts/service-kit';

export const COURSES_SERVICE_UNAVAILABLE = 'svc-courses is unavailable';
export const COURSES_SERVICE_MISUNDERSTOOD = 'svc-courses sent a reply svc-progress does not understand';

/** What a failed call becomes: svc-courses' own ErrorReply keeps its status; silence is a 503. */
export function coursesFailure(error: unknown): RpcException {
  if (isErrorReply(error)) return rpcError(error.statusCode, error.message);
  return rpcError(503, COURSES_SERVICE_UNAVAILABLE);
}

/** Asks svc-courses which courses a learning path may choose from. */
@Injectable()
export class PathCandidatesClient {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(PROGRESS_CONFIG) private readonly config: Pick<ProgressConfig, 'coursesRequestTimeoutMs'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Every course teaching at least one of the skills; none when no skill is asked for. */
  async find(skills: string[]): Promise<PathCandidateCourse[]> {
    if (skills.length === 0) return [];
    const subject = COURSES_SUBJECTS.FIND_PATH_CANDIDATES;
    const requestId = currentRequestId() ?? randomUUID();
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, requestId);
    const record = new NatsRecordBuilder({ skills }).setHeaders(headers).build();
    let answer: unknown;
    try {
      answer = await firstValueFrom(this.nats.send<unknown>(subject, record).pipe(timeout(this.config.coursesRequestTimeoutMs)));
    } catch (error) {
      this.logger.warn({ requestId, target: 'courses', subject, reason: error instanceof Error ? error.message : error }, 'svc-courses request failed');
      throw coursesFailure(error);
    }
    const parsed = findPathCandidatesReplySchema.safeParse(answer);
    if (!parsed.success) {
      this.logger.error({ requestId, target: 'courses', subject }, 'svc-courses reply does not match its contract');
      throw rpcError(502, COURSES_SERVICE_MISUNDERSTOOD);
    }
    return parsed.data.courses;
  }
}
