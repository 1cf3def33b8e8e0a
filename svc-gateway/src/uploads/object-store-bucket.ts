import type { ServiceName } from '@masar/contracts';
import { nanos, ObjectStore } from 'nats';
import { Logger } from 'pino';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { serviceUnavailable } from '../nats/service-client';

export interface ObjectStoreBucketOptions {
  bucket: string;
  /** The service that reads the bucket: a failure to store is a 503 naming it. */
  service: ServiceName;
  /** Objects nobody deleted expire after this; 0 keeps them. */
  ttlMs: number;
}

/**
 * A JetStream object store through which uploaded files reach a service: a file is stored in
 * chunks and only its name travels in the NATS request, so no file has to fit in one message
 * (1 MB by default). It shares the gateway's one NATS connection.
 */
export class ObjectStoreBucket {
  private bucket?: Promise<ObjectStore>;

  constructor(
    private readonly nats: NatsGatewayConnection,
    private readonly logger: Logger,
    private readonly options: ObjectStoreBucketOptions,
  ) {}

  /** Stores the bytes under `objectName`; without NATS or JetStream the upload is a 503 for the service. */
  async put(objectName: string, bytes: Uint8Array): Promise<void> {
    try {
      const bucket = await this.open();
      await bucket.putBlob({ name: objectName }, bytes);
    } catch (error) {
      this.logger.warn({ err: error, objectName, bucket: this.options.bucket }, 'could not store an upload in the object store');
      throw serviceUnavailable(this.options.service);
    }
  }

  /** The bytes of `objectName`, or null when there is no such object. */
  async get(objectName: string): Promise<Uint8Array | null> {
    try {
      const object = await (await this.open()).get(objectName);
      if (object === null || object.info.deleted) return null;
      this.watchLateError(object.error, objectName);
      const chunks: Uint8Array[] = [];
      const reader = object.data.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
      return Buffer.concat(chunks);
    } catch (error) {
      this.logger.warn({ err: error, objectName, bucket: this.options.bucket }, 'could not read from the object store');
      throw serviceUnavailable(this.options.service);
    }
  }

  /**
   * The size of `objectName` and its bytes as they arrive in chunks (nothing held whole in memory), or
   * null when there is no such object. The caller reads or cancels `data`.
   */
  async openObject(objectName: string): Promise<{ size: number; data: ReadableStream<Uint8Array> } | null> {
    try {
      const bucket = await this.open();
      const object = await bucket.get(objectName);
      if (object === null || object.info.deleted) return null;
      this.watchLateError(object.error, objectName);
      return { size: object.info.size, data: object.data };
    } catch (error) {
      this.logger.warn({ err: error, objectName, bucket: this.options.bucket }, 'could not read from the object store');
      throw serviceUnavailable(this.options.service);
    }
  }

  /** Removes an upload nobody will read; a missing object is fine (the service deletes what it read). */
  async discard(objectName: string): Promise<void> {
    try {
      const bucket = await this.open();
      await bucket.delete(objectName);
    } catch (error) {
      // The bucket's TTL removes it later.
      this.logger.warn({ err: error, objectName, bucket: this.options.bucket }, 'could not delete an unread upload');
    }
  }

  /**
   * The stream of an object's bytes is the truth: it closes only once their digest matched and errors
   * otherwise. Its `error` promise can still reject after a complete read (nats.js's ordered consumer may
   * deliver the last chunk again after the stream closed: 'Controller is already closed') or after the
   * reader cancelled; it is watched so that it never becomes an unhandled rejection.
   */
  private watchLateError(error: Promise<Error | null>, objectName: string): void {
    error.catch((late: unknown) => this.logger.debug({ err: late, objectName, bucket: this.options.bucket }, 'object store reader ended after its stream'));
  }

  /** Creates the bucket when missing (the service may have created it first; then its settings stand). */
  private open(): Promise<ObjectStore> {
    if (!this.bucket) {
      // current() throws while NATS has never been reached: put() turns that into a 503.
      const connection = this.nats.current();
      const settings = this.options.ttlMs > 0 ? { ttl: nanos(this.options.ttlMs) } : {};
      const opening = connection.jetstream().views.os(this.options.bucket, settings);
      // A failed attempt (JetStream away) is not remembered: the next upload tries again.
      opening.catch(() => {
        if (this.bucket === opening) this.bucket = undefined;
      });
      this.bucket = opening;
    }
    return this.bucket;
  }
}
