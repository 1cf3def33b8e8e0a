import { JOB_UPLOADS_BUCKET } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { nanos, ObjectStore } from 'nats';
import { Logger } from 'pino';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { serviceUnavailable } from '../nats/service-client';

/**
 * The JetStream object store through which uploaded files reach svc-jobs: a file is stored in chunks
 * and only its name travels in the NATS request, so no file has to fit in one message (1 MB by default).
 * It shares the gateway's one NATS connection.
 */
@Injectable()
export class JobUploadsStore {
  private bucket?: Promise<ObjectStore>;

  constructor(
    private readonly nats: NatsGatewayConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Stores the bytes under `objectName`; without NATS or JetStream the upload is a 503 for jobs. */
  async put(objectName: string, bytes: Uint8Array): Promise<void> {
    try {
      const bucket = await this.open();
      await bucket.putBlob({ name: objectName }, bytes);
    } catch (error) {
      this.logger.warn({ err: error, objectName }, 'could not store an upload in the object store');
      throw serviceUnavailable('jobs');
    }
  }

  /** Removes an upload nobody will read; a missing object is fine (svc-jobs deletes what it read). */
  async discard(objectName: string): Promise<void> {
    try {
      const bucket = await this.open();
      await bucket.delete(objectName);
    } catch (error) {
      // The bucket's TTL removes it later.
      this.logger.warn({ err: error, objectName }, 'could not delete an unread upload');
    }
  }

  /** Creates the bucket when missing (svc-jobs may have created it first; then its settings stand). */
  private open(): Promise<ObjectStore> {
    if (!this.bucket) {
      // current() throws while NATS has never been reached: put() turns that into a 503.
      const connection = this.nats.current();
      const opening = connection.jetstream().views.os(JOB_UPLOADS_BUCKET, { ttl: nanos(this.config.uploads.objectTtlMs) });
      // A failed attempt (JetStream away) is not remembered: the next upload tries again.
      opening.catch(() => {
        if (this.bucket === opening) this.bucket = undefined;
      });
      this.bucket = opening;
    }
    return this.bucket;
  }
}
