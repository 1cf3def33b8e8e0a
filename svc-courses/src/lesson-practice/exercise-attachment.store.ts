import { EXERCISE_ATTACHMENTS_BUCKET } from '@masar/contracts';
import { LOGGER, NATS_CLIENT, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, ObjectStore } from 'nats';
import type { Logger } from 'pino';

export const EXERCISE_ATTACHMENT_STORE_UNAVAILABLE = 'The store of exercise attachments is unavailable';

/**
 * The files learners attach to exercise submissions (JetStream object store, no TTL): the gateway
 * writes and serves them; svc-courses checks one is there before a submission names it, and reads
 * the text of documents for feedback. Nothing here deletes: a submission keeps its files.
 */
@Injectable()
export class ExerciseAttachmentStore {
  private bucket?: ObjectStore;

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The size of the object `key`, or null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const info = await (await this.open()).info(key);
      return info === null || info.deleted ? null : info.size;
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not look up an exercise attachment');
      throw rpcError(503, EXERCISE_ATTACHMENT_STORE_UNAVAILABLE);
    }
  }

  /** The bytes of `key`, or null when they cannot be read (feedback then goes without them). */
  async read(key: string): Promise<Uint8Array | null> {
    try {
      return await (await this.open()).getBlob(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not read an exercise attachment');
      return null;
    }
  }

  private async open(): Promise<ObjectStore> {
    // Not kept until it opened: with JetStream away, the next call tries again.
    this.bucket ??= await this.nats.unwrap<NatsConnection>().jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET);
    return this.bucket;
  }
}
