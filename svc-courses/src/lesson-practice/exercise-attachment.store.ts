import { EXERCISE_ATTACHMENTS_BUCKET } from '@masar/contracts';
import { LOGGER, NATS_CLIENT } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ServiceBucket } from '../object-store/service-bucket';
import type { Logger } from 'pino';

export const EXERCISE_ATTACHMENT_STORE_UNAVAILABLE = 'The store of exercise attachments is unavailable';

/**
 * The files learners attach to exercise submissions (JetStream object store, no TTL): the gateway
 * writes and serves them; svc-courses checks one is there before a submission names it, and reads
 * the text of documents for feedback, and deletes them when their lesson (its module or its course)
 * is deleted: a submission keeps its files as long as it exists.
 */
@Injectable()
export class ExerciseAttachmentStore extends ServiceBucket {
  constructor(@Inject(NATS_CLIENT) nats: ClientProxy, @Inject(LOGGER) logger: Logger) {
    super(nats, logger, { bucketName: EXERCISE_ATTACHMENTS_BUCKET, unavailableMessage: EXERCISE_ATTACHMENT_STORE_UNAVAILABLE, objectNoun: 'an exercise attachment' });
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
}
