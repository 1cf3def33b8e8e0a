import { PREDEFINED_JOB_ROLES, isErrorReply } from '@masar/contracts';
import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from 'pino';
import { JOBS_CONFIG, JobsConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { PredefinedRolesService } from './predefined-roles.service';

/** Waits between attempts while svc-ai is not answering: 0.5 s, doubling, at most 10 s. */
export const SEED_FIRST_RETRY_DELAY_MS = 500;
export const SEED_MAX_RETRY_DELAY_MS = 10_000;

/** A refusal (4xx) will not change by asking again; silence or a crash (5xx) may. */
function isWorthRetrying(error: unknown): boolean {
  const reply = error instanceof RpcException ? error.getError() : undefined;
  return !isErrorReply(reply) || reply.statusCode >= 500;
}

/**
 * Makes sure every predefined role's English posting exists, in the background once the service
 * is listening, so serving never waits for svc-ai. It retries with back-off until svc-ai answers.
 * Restarts and several instances are safe: an existing posting is skipped and a race is settled by
 * the unique index (INSERT ... ON CONFLICT DO NOTHING).
 */
@Injectable()
export class PredefinedRoleSeeder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly stopping = new AbortController();
  private seeding?: Promise<void>;

  constructor(
    private readonly predefinedRoles: PredefinedRolesService,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.seedPredefinedRoles) {
      this.seeding = this.seedEnglishPostings();
    }
  }

  /** Stops between attempts and waits for the one in flight, before the database pool closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.seeding;
  }

  /** Resolves once every role is seeded (or the service is stopping); never rejects. */
  whenSeeded(): Promise<void> {
    return this.seeding ?? Promise.resolve();
  }

  private async seedEnglishPostings(): Promise<void> {
    let created = 0;
    for (const role of PREDEFINED_JOB_ROLES) {
      let delayMs = SEED_FIRST_RETRY_DELAY_MS;
      for (;;) {
        if (this.stopping.signal.aborted) {
          return;
        }
        try {
          const result = await this.predefinedRoles.ensurePosting(role, 'en');
          created += result.created ? 1 : 0;
          break;
        } catch (error) {
          if (this.stopping.signal.aborted) {
            return;
          }
          if (!isWorthRetrying(error)) {
            this.logger.error({ err: error, role }, 'could not seed a predefined role; skipping it');
            break;
          }
          const reason = error instanceof RpcException ? (error.getError() as { message?: string }).message : String(error);
          this.logger.warn({ role, reason, retryInMs: delayMs }, 'could not seed a predefined role yet');
          try {
            await sleep(delayMs, undefined, { signal: this.stopping.signal, ref: false });
          } catch {
            return;
          }
          delayMs = Math.min(delayMs * 2, SEED_MAX_RETRY_DELAY_MS);
        }
      }
    }
    this.logger.info({ created, roles: PREDEFINED_JOB_ROLES.length }, 'predefined roles are seeded');
  }
}
