import { Inject, Injectable, type Type } from '@nestjs/common';
import { type ClientProxy, RpcException } from '@nestjs/microservices';
import { nanos, type NatsConnection, type ObjectResult, type ObjectStore } from 'nats';
import type { Logger } from 'pino';
import { LOGGER } from './logger';
import { NATS_CLIENT } from './nats-client.module';
import { fileTooLargeMessage } from '../index';
import { rpcError } from './rpc-error';

/** Uploads nobody read (a request that never arrived) expire on their own after this. */
export const UPLOAD_OBJECT_TTL_MS = 60 * 60 * 1000;

export const UPLOAD_NOT_FOUND = 'The uploaded file was not found; upload it again';
export const UPLOAD_STORE_UNAVAILABLE = 'The upload store is unavailable';


/**
 * The JetStream object store through which the gateway hands uploaded files to a service (a file
 * never has to fit in one NATS message). Every object is deleted once taken, whether reading it
 * worked or not. A service's store extends `uploadsStoreFor(itsBucket)`.
 */
export class UploadsStore {
  private bucket?: Promise<ObjectStore>;

  constructor(
    private readonly nats: ClientProxy,
    private readonly logger: Logger,
    private readonly bucketName: string,
  ) {}

  /**
   * The bytes of `objectName`: a 413 when it holds more than `maxBytes` (named `fileName` when
   * given), a 400 when it is not there. The object is gone afterwards in every case, unless `keep`
   * (work that may be started again after a crash reads it again, and discards it when it ends).
   */
  protected async takeAtMost(objectName: string, maxBytes: number, fileName?: string, keep = false): Promise<Uint8Array> {
    const bucket = await this.open();
    let missing = false;
    try {
      const info = await bucket.info(objectName);
      if (info === null || info.deleted) {
        missing = true;
        throw rpcError(400, UPLOAD_NOT_FOUND);
      }
      if (info.size > maxBytes) {
        throw rpcError(413, fileTooLargeMessage(maxBytes, fileName));
      }
      const object = await bucket.get(objectName);
      if (object === null) {
        throw rpcError(400, UPLOAD_NOT_FOUND);
      }
      return await readAtMost(object, maxBytes, fileName);
    } catch (error) {
      if (error instanceof RpcException) {
        throw error;
      }
      this.logger.warn({ err: error, objectName }, 'could not read an upload from the object store');
      throw rpcError(503, UPLOAD_STORE_UNAVAILABLE);
    } finally {
      if (!missing && !keep) {
        await this.delete(bucket, objectName);
      }
    }
  }

  /** Deletes an upload that will not be read (its request was refused); a missing one is fine. */
  async discard(objectName: string): Promise<void> {
    const bucket = await this.open().catch(() => undefined);
    if (bucket && (await bucket.info(objectName).catch(() => null))) {
      await this.delete(bucket, objectName);
    }
  }

  private async delete(bucket: ObjectStore, objectName: string): Promise<void> {
    await bucket.delete(objectName).catch((error: unknown) => {
      // The bucket's TTL removes it later.
      this.logger.warn({ err: error, objectName }, 'could not delete a read upload');
    });
  }

  /** Creates the bucket when missing (the gateway may have created it first; then its settings stand). */
  private open(): Promise<ObjectStore> {
    if (!this.bucket) {
      const opening = (async () => {
        const connection = this.nats.unwrap<NatsConnection>();
        return connection.jetstream().views.os(this.bucketName, { ttl: nanos(UPLOAD_OBJECT_TTL_MS) });
      })();
      // A failed attempt (JetStream away) is not remembered: the next upload tries again.
      this.bucket = opening.catch((error: unknown) => {
        this.bucket = undefined;
        this.logger.warn({ err: error }, 'could not open the uploads object store');
        throw rpcError(503, UPLOAD_STORE_UNAVAILABLE);
      });
    }
    return this.bucket;
  }
}

/** The base of a service's uploads store for `bucketName`, on the service's own NATS client. */
export function uploadsStoreFor(bucketName: string): Type<UploadsStore> {
  @Injectable()
  class BucketUploadsStore extends UploadsStore {
    constructor(@Inject(NATS_CLIENT) nats: ClientProxy, @Inject(LOGGER) logger: Logger) {
      super(nats, logger, bucketName);
    }
  }
  return BucketUploadsStore;
}

/** Reads the object's chunks, refusing (413) as soon as more than `maxBytes` arrived: sizes can lie. */
async function readAtMost(object: ObjectResult, maxBytes: number, fileName: string | undefined): Promise<Uint8Array> {
  // The stream's own end is the truth: it closes only after the digest matched and errors otherwise.
  // `object.error` can still reject after a complete read (nats.js's ordered consumer may deliver the
  // last chunk again once the stream closed: 'Controller is already closed'), or after a cancel; it is
  // watched only so that it never goes unhandled.
  object.error.catch(() => undefined);
  const reader = object.data.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw rpcError(413, fileTooLargeMessage(maxBytes, fileName));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
