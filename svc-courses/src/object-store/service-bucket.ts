import { rpcError } from '@masar/contracts/service-kit';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, ObjectStore } from 'nats';
import type { Logger } from 'pino';

/**
 * A JetStream object store the gateway writes and svc-courses reads (lesson videos, exercise
 * attachments): svc-courses checks an object is there before a row names it, deletes one no row
 * needs any more, and a store it cannot reach is a 503 with the store's own message.
 */
export abstract class ServiceBucket {
  private bucket?: ObjectStore;

  protected constructor(
    private readonly nats: ClientProxy,
    protected readonly logger: Logger,
    private readonly store: { bucketName: string; unavailableMessage: string; objectNoun: string },
  ) {}

  /** The size of the object `key`, or null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const info = await (await this.open()).info(key);
      return info === null || info.deleted ? null : info.size;
    } catch (error) {
      this.logger.warn({ err: error, key }, `could not look up ${this.store.objectNoun} in the object store`);
      throw rpcError(503, this.store.unavailableMessage);
    }
  }

  /** Deletes an object; a failure is only logged (the object stays, unused, until a later removal). */
  async delete(key: string): Promise<void> {
    try {
      await (await this.open()).delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, `could not delete ${this.store.objectNoun} no longer used`);
    }
  }

  protected async open(): Promise<ObjectStore> {
    // Not kept until it opened: with JetStream away, the next call tries again.
    this.bucket ??= await this.nats.unwrap<NatsConnection>().jetstream().views.os(this.store.bucketName);
    return this.bucket;
  }
}
