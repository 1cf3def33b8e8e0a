import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { LESSON_VIDEOS_BUCKET } from '@masar/contracts';
import { LOGGER, NATS_CLIENT, rpcError } from '@masar/contracts/service-kit';
import type { Logger } from 'pino';
import type { NatsConnection, ObjectStore } from 'nats';

export const LESSON_VIDEO_STORE_UNAVAILABLE = 'The lesson video store is unavailable';

/**
 * The uploaded lesson videos (JetStream object store, no TTL): the gateway writes an upload under the
 * sha256 of its bytes and serves it; svc-courses checks one exists before a lesson points at it, and
 * deletes one no lesson shows any more.
 */
@Injectable()
export class LessonVideoStore {
  private bucket?: ObjectStore;

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The size of the upload under `key`, or null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const info = await (await this.open()).info(key);
      return info === null || info.deleted ? null : info.size;
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not read a lesson video in the object store');
      throw rpcError(503, LESSON_VIDEO_STORE_UNAVAILABLE);
    }
  }

  /** Deletes an upload; a failure is only logged (the object stays, unused, until a later removal). */
  async delete(key: string): Promise<void> {
    try {
      await (await this.open()).delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not delete an unused lesson video');
    }
  }

  private async open(): Promise<ObjectStore> {
    // Not kept until it opened: with JetStream away, the next call tries again.
    this.bucket ??= await this.nats.unwrap<NatsConnection>().jetstream().views.os(LESSON_VIDEOS_BUCKET);
    return this.bucket;
  }
}
