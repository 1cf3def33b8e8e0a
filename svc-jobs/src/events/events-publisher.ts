import type { EventPayload, EventSubject } from '@masar/contracts';
import { EventsStreamPublisher } from '@masar/contracts/events-stream';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { NATS_CLIENT } from '../nats/nats-client.module';

/** Puts svc-jobs' events on the stream; resolves once JetStream has stored the event. */
@Injectable()
export class EventsPublisher {
  private readonly stream = new EventsStreamPublisher();

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  publish<S extends EventSubject>(subject: S, payload: EventPayload<S>, key: string): Promise<void> {
    return this.stream.publish(this.nats.unwrap<NatsConnection>(), subject, payload, key);
  }
}
