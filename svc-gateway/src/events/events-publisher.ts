import {
  EVENT_SCHEMAS,
  eventMessageId,
  EVENTS_STREAM,
  EVENTS_STREAM_SUBJECTS,
  type EventPayload,
  type EventSubject,
} from '@masar/contracts';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { JSONCodec, NatsError, RetentionPolicy, StorageType, type NatsConnection } from 'nats';
import { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { errorBody } from '../nats/service-client';

const codec = JSONCodec();
/** JetStream's code when a stream by that name exists with another configuration. */
const STREAM_NAME_IN_USE = 10058;
/** How long the gateway waits for JetStream to store an event before it answers 503. */
const PUBLISH_TIMEOUT_MS = 5000;

export const EVENTS_UNAVAILABLE_MESSAGE = 'The event stream is unavailable; nothing was saved. Try again in a moment.';

/**
 * Puts what the gateway learns first (a learner's lesson reports) on the events stream. It answers
 * once JetStream has stored the event, so a service that is away reads it when it returns.
 */
@Injectable()
export class EventsPublisher {
  private streamReady?: Promise<void>;

  constructor(
    private readonly nats: NatsGatewayConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Stores the event once (by `key`), or throws a 503 when JetStream is away. */
  async publish<S extends EventSubject>(subject: S, payload: EventPayload<S>, key: string): Promise<void> {
    try {
      const connection = this.nats.current();
      this.streamReady ??= ensureEventsStream(connection).catch((error: unknown) => {
        this.streamReady = undefined;
        throw error;
      });
      await this.streamReady;
      const checked = EVENT_SCHEMAS[subject].parse(payload);
      await connection.jetstream({ timeout: PUBLISH_TIMEOUT_MS }).publish(subject, codec.encode(checked), {
        msgID: eventMessageId(subject, key),
      });
    } catch (error) {
      this.logger.warn({ err: error, subject }, 'event not published');
      throw new HttpException(errorBody(HttpStatus.SERVICE_UNAVAILABLE, EVENTS_UNAVAILABLE_MESSAGE), HttpStatus.SERVICE_UNAVAILABLE);
    }
  }
}

/** Adding the stream with the same configuration again is a no-op, so every service may do it. */
async function ensureEventsStream(connection: NatsConnection): Promise<void> {
  const manager = await connection.jetstreamManager();
  try {
    await manager.streams.add({
      name: EVENTS_STREAM,
      subjects: EVENTS_STREAM_SUBJECTS,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
    });
  } catch (error) {
    if (!(error instanceof NatsError && error.api_error?.err_code === STREAM_NAME_IN_USE)) throw error;
  }
}
