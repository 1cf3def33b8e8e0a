import { EVENT_SCHEMAS, eventMessageId, type EventPayload, type EventSubject } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { JSONCodec, type NatsConnection } from 'nats';
import { NATS_CLIENT } from '../nats/nats-client.module';
import { ensureEventsStream } from './events-stream';

const codec = JSONCodec();

/** Puts svc-jobs' events on the stream; resolves once JetStream has stored the event. */
@Injectable()
export class EventsPublisher {
  private streamReady?: Promise<void>;

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  async publish<S extends EventSubject>(subject: S, payload: EventPayload<S>, key: string): Promise<void> {
    const connection = this.nats.unwrap<NatsConnection>();
    this.streamReady ??= ensureEventsStream(connection).catch((error: unknown) => {
      this.streamReady = undefined;
      throw error;
    });
    await this.streamReady;
    const checked = EVENT_SCHEMAS[subject].parse(payload);
    await connection.jetstream().publish(subject, codec.encode(checked), { msgID: eventMessageId(subject, key) });
  }
}
