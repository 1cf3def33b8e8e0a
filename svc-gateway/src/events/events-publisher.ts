import { EVENTS_UNAVAILABLE_MESSAGE, type EventPayload, type EventSubject } from '@masar/contracts';
import { EventsStreamPublisher } from '@masar/contracts/events-stream';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Logger } from 'pino';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { errorBody } from '../nats/service-client';

/**
 * Puts what the gateway learns first (a learner's lesson reports) on the events stream. It answers
 * once JetStream has stored the event, so a service that is away reads it when it returns; while
 * JetStream does not answer (a new stream leader being elected) it keeps trying for a while.
 */
@Injectable()
export class EventsPublisher {
  private readonly stream = new EventsStreamPublisher();

  constructor(
    private readonly nats: NatsGatewayConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Stores the event once (by `key`), or throws a 503 when JetStream stays away. */
  async publish<S extends EventSubject>(subject: S, payload: EventPayload<S>, key: string): Promise<void> {
    try {
      await this.stream.publish(this.nats.current(), subject, payload, key, { retryForMs: this.config.eventsPublishRetryMs });
    } catch (error) {
      this.logger.warn({ err: error, subject }, 'event not published');
      throw new HttpException(errorBody(HttpStatus.SERVICE_UNAVAILABLE, EVENTS_UNAVAILABLE_MESSAGE), HttpStatus.SERVICE_UNAVAILABLE);
    }
  }
}
