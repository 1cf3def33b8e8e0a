import type { EventPayload, EventSubject } from '../events/events';
import { EventsStreamPublisher } from '../events/events-stream';
import { Inject, Injectable, Module } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { NATS_CLIENT, NatsClientModule } from './nats-client.module';

/** Puts the service's domain events on the stream; resolves once JetStream has stored the event. */
@Injectable()
export class EventsPublisher {
  private readonly stream = new EventsStreamPublisher();

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  publish<S extends EventSubject>(subject: S, payload: EventPayload<S>, key: string): Promise<void> {
    return this.stream.publish(this.nats.unwrap<NatsConnection>(), subject, payload, key);
  }
}

/** The service's domain events on JetStream, published over its own outgoing NATS connection. */
@Module({
  imports: [NatsClientModule],
  providers: [EventsPublisher],
  exports: [EventsPublisher],
})
export class EventsModule {}
