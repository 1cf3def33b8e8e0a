import { LEARNING_RECORDS_JOBS, PROGRESS_QUEUES } from '@masar/contracts';
import { LOGGER } from '@masar/contracts/service-kit';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { Logger } from 'pino';
import { PROGRESS_CONFIG, type ProgressConfig, type XapiConfig } from '../../config';
import { XAPI_VERSION, type XapiStatement } from '../../learning-records/xapi-statements';

/** A job of the learning-records queue: one checked statement, sent as it is. */
export interface SendStatementJob {
  statement: XapiStatement;
}

/** Statements sent at once by one instance; the LRS sees each id once whatever the order. */
const SEND_CONCURRENCY = 4;

/**
 * What the LRS's answer means for a statement:
 * - 2xx: stored. 409: it already has a statement with this id (an earlier try got through): delivered.
 * - 401, 403 (credentials being fixed), 408, 429 and 5xx, or no answer: tried again with backoff.
 * - Any other 4xx: the LRS refuses this statement as it is, and sending the same bytes again changes
 *   nothing, so it is logged and kept in the queue's failed jobs for an operator, not retried.
 */
export type LrsVerdict = 'delivered' | 'retry' | 'refused';

export function verdictOf(status: number): LrsVerdict {
  if ((status >= 200 && status < 300) || status === 409) return 'delivered';
  if (status === 401 || status === 403 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** Sends each statement to the LRS with PUT /statements?statementId= (idempotent), Basic auth and the xAPI version. */
@Injectable()
export class LearningRecordsProcessor implements OnApplicationBootstrap {
  private readonly xapi: XapiConfig;

  constructor(
    @InjectQueue(PROGRESS_QUEUES.LEARNING_RECORDS) private readonly queue: Queue<SendStatementJob>,
    @Inject(PROGRESS_CONFIG) config: ProgressConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (!config.xapi) throw new Error('LearningRecordsQueueModule needs an LRS configured');
    this.xapi = config.xapi;
  }

  onApplicationBootstrap(): void {
    void this.queue.process(LEARNING_RECORDS_JOBS.SEND_STATEMENT, SEND_CONCURRENCY, (job: Job<SendStatementJob>) => this.send(job));
  }

  private async send(job: Job<SendStatementJob>): Promise<void> {
    const { statement } = job.data;
    const url = new URL('statements', this.xapi.endpoint);
    url.searchParams.set('statementId', statement.id);
    const log = { statementId: statement.id, verb: statement.verb.id, attempt: job.attemptsMade + 1 };
    let status: number;
    try {
      const response = await fetch(url, {
        method: 'PUT',
        headers: {
          'X-Experience-API-Version': XAPI_VERSION,
          Authorization: `Basic ${Buffer.from(`${this.xapi.username}:${this.xapi.password}`).toString('base64')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(statement),
        signal: AbortSignal.timeout(this.xapi.requestTimeoutMs),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      this.logger.warn({ ...log, reason: error instanceof Error ? error.message : String(error) }, 'LRS unreachable; statement will be sent again');
      throw new Error('LRS unreachable', { cause: error });
    }
    const verdict = verdictOf(status);
    if (verdict === 'delivered') {
      this.logger.info({ ...log, status }, 'xAPI statement delivered');
      return;
    }
    if (verdict === 'retry') {
      this.logger.warn({ ...log, status }, 'LRS did not take the statement; it will be sent again');
      throw new Error(`LRS answered ${status}`);
    }
    this.logger.error({ ...log, status }, 'LRS refused the statement; not retried (kept in the failed jobs)');
    await job.discard();
    throw new Error(`LRS refused the statement (${status})`);
  }
}
