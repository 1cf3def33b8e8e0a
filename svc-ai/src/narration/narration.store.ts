import { NARRATION_BUCKET } from '@masar/contracts';
import { LOGGER, NATS_CLIENT, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, ObjectStore } from 'nats';
import type { Logger } from 'pino';

export const NARRATION_STORE_UNAVAILABLE = 'The narration store is unavailable';

/** What is kept beside a narration's bytes (in the object's description). */
export interface StoredNarration {
  bytes: number;
  durationSeconds?: number;
  /** The text the voice read (kept since vowel marks can make it differ from the lesson's). */
  spokenText?: string;
}

/**
 * The narrations, in a JetStream object store kept without TTL (the gateway reads it): one object
 * per key, the key a hash of what was spoken and how, so an object never changes once written.
 */
@Injectable()
export class NarrationStore {
  private bucket?: Promise<ObjectStore>;

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The narration under `key`, or null when there is none yet. */
  async find(key: string): Promise<StoredNarration | null> {
    const info = await this.attempt('read', key, async (bucket) => bucket.info(key));
    if (info === null || info.deleted) return null;
    return { bytes: info.size, ...describedBy(info.description) };
  }

  async put(key: string, audio: Uint8Array, durationSeconds: number, spokenText: string): Promise<void> {
    await this.attempt('write', key, (bucket) => bucket.putBlob({ name: key, description: JSON.stringify({ durationSeconds, spokenText }) }, audio));
  }

  private async attempt<T>(what: string, key: string, work: (bucket: ObjectStore) => Promise<T>): Promise<T> {
    try {
      return await work(await this.open());
    } catch (error) {
      this.logger.warn({ err: error, key }, `could not ${what} a narration in the object store`);
      throw rpcError(503, NARRATION_STORE_UNAVAILABLE);
    }
  }

  /** Creates the bucket when missing; a failed attempt (JetStream away) is not remembered. */
  private open(): Promise<ObjectStore> {
    if (!this.bucket) {
      const opening = (async () => this.nats.unwrap<NatsConnection>().jetstream().views.os(NARRATION_BUCKET))();
      opening.catch(() => {
        if (this.bucket === opening) this.bucket = undefined;
      });
      this.bucket = opening;
    }
    return this.bucket;
  }
}

function describedBy(description: string | undefined): Pick<StoredNarration, 'durationSeconds' | 'spokenText'> {
  try {
    const { durationSeconds, spokenText } = JSON.parse(description ?? '{}') as { durationSeconds?: unknown; spokenText?: unknown };
    return {
      ...(typeof durationSeconds === 'number' && Number.isFinite(durationSeconds) ? { durationSeconds } : {}),
      ...(typeof spokenText === 'string' ? { spokenText } : {}),
    };
  } catch {
    return {};
  }
}
