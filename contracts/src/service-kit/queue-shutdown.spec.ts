import 'reflect-metadata';
import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { LOGGER } from './logger';
import { type ClosableQueue, FinishActiveJobsOnShutdown, isClosableQueue } from './queue-shutdown';

/** What happened, in order, while the app closed. */
const happened: string[] = [];

/** A queue with a job in progress: close() resolves once that job has finished. */
function queueWithAJobInProgress(name: string, jobMs: number): ClosableQueue {
  let closing: Promise<void> | undefined;
  return {
    name,
    whenCurrentJobsFinished: () => Promise.resolve(),
    close() {
      closing ??= (async () => {
        happened.push(`${name}: no new jobs`);
        await new Promise((resolve) => setTimeout(resolve, jobMs));
        happened.push(`${name}: job finished`);
      })();
      return closing;
    },
  };
}

/** Stands for what a job needs to the end: the NATS client and the database pool close in onApplicationShutdown. */
class DatabasePool implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    happened.push('database pool closed');
  }
}

@Module({
  providers: [
    { provide: 'course-creation', useValue: queueWithAJobInProgress('course-creation', 200) },
    { provide: 'learning-records', useValue: queueWithAJobInProgress('learning-records', 50) },
    DatabasePool,
  ],
})
class QueuesModule {}

@Module({
  imports: [QueuesModule],
  providers: [{ provide: LOGGER, useValue: pino({ level: 'silent' }) }, FinishActiveJobsOnShutdown],
})
class ServiceRoot {}

describe('FinishActiveJobsOnShutdown', () => {
  it('finishes the jobs of every queue before anything closes in onApplicationShutdown', async () => {
    const app = await NestFactory.createApplicationContext(ServiceRoot, { logger: false });
    await app.close();
    expect(happened).toEqual([
      'course-creation: no new jobs',
      'learning-records: no new jobs',
      'learning-records: job finished',
      'course-creation: job finished',
      'database pool closed',
    ]);
  });

  it('recognises a Bull queue by its methods, nothing else', () => {
    expect(isClosableQueue(queueWithAJobInProgress('q', 0))).toBe(true);
    expect(isClosableQueue({ name: 'pool', close: () => Promise.resolve() })).toBe(false);
    expect(isClosableQueue(undefined)).toBe(false);
    expect(isClosableQueue(null)).toBe(false);
  });
});
