import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { Logger } from 'pino';
import { LOGGER } from './logger';

/** What the kit needs of a Bull queue: its name and a close that waits for the jobs it is running. */
export interface ClosableQueue {
  name: string;
  close(doNotWaitJobs?: boolean): Promise<void>;
  whenCurrentJobsFinished(): Promise<void>;
}

/** A Bull queue among a module's providers (the kit does not depend on bull: it recognises one by its methods). */
export function isClosableQueue(value: unknown): value is ClosableQueue {
  const candidate = value as Partial<ClosableQueue> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.name === 'string' &&
    typeof candidate.close === 'function' &&
    typeof candidate.whenCurrentJobsFinished === 'function'
  );
}

/**
 * On shutdown, every Bull queue of the service stops taking jobs and finishes the ones it is running
 * before anything else closes. @nestjs/bull closes its queues in `onApplicationShutdown`, which runs
 * beside (or after) the hooks closing the NATS client and the database pool a job still needs, so a
 * job in progress at SIGTERM failed half-way. `beforeApplicationShutdown` runs before every
 * `onApplicationShutdown`; Bull's `close()` (without `doNotWaitJobs`) waits for active jobs and a
 * second call returns the same promise, so @nestjs/bull's own close later is harmless.
 */
@Injectable()
export class FinishActiveJobsOnShutdown implements BeforeApplicationShutdown {
  constructor(
    private readonly modules: ModulesContainer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async beforeApplicationShutdown(): Promise<void> {
    const queues = this.queues();
    if (queues.length === 0) return;
    const names = queues.map((queue) => queue.name);
    this.logger.info({ queues: names }, 'shutting down: finishing the jobs in progress');
    await Promise.all(
      queues.map((queue) =>
        queue.close().catch((error: unknown) => this.logger.warn({ err: error, queue: queue.name }, 'a queue did not close cleanly')),
      ),
    );
    this.logger.info({ queues: names }, 'queues closed, no job in progress');
  }

  private queues(): ClosableQueue[] {
    const found = new Set<ClosableQueue>();
    for (const module of this.modules.values()) {
      for (const wrapper of module.providers.values()) {
        if (isClosableQueue(wrapper.instance)) found.add(wrapper.instance);
      }
    }
    return [...found];
  }
}
