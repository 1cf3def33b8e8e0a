import { EXERCISE_ATTACHMENTS_BUCKET } from '@masar/contracts';
import { LOGGER, NATS_CLIENT, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, ObjectStore } from 'nats';
import type { Logger } from 'pino';

export const EXERCISE_ATTACHMENTS_UNAVAILABLE = 'The store of exercise attachments is unavailable';

/**
 * The files learners attach to exercise work (the gateway writes them, svc-courses owns them): svc-ai
 * only reads the pictures among them for a model that looks at images. Its NATS user may read this
 * bucket and nothing more (deploy/nats/masar-nats.conf), so it never creates, writes or deletes one.
 */
@Injectable()
export class ExerciseAttachmentReader {
  private bucket?: Promise<ObjectStore>;

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The bytes stored under `key` when they are `size` bytes long; null when nothing is stored there
   * or something of another size (its size is looked up first, so a larger object is never fetched).
   * A store that cannot be read is a 503.
   */
  async readOfSize(key: string, size: number): Promise<Uint8Array | null> {
    try {
      const bucket = await this.open();
      const stored = await bucket.info(key);
      if (stored === null || stored.deleted || stored.size !== size) return null;
      const bytes = await bucket.getBlob(key);
      return bytes !== null && bytes.length === size ? bytes : null;
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not read an exercise attachment for feedback');
      throw rpcError(503, EXERCISE_ATTACHMENTS_UNAVAILABLE);
    }
  }

  /** A failed opening (JetStream away, or the bucket not made yet by the gateway) is not remembered. */
  private open(): Promise<ObjectStore> {
    if (!this.bucket) {
      const opening = (async () => this.nats.unwrap<NatsConnection>().jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET))();
      opening.catch(() => {
        if (this.bucket === opening) this.bucket = undefined;
      });
      this.bucket = opening;
    }
    return this.bucket;
  }
}
