import { Module } from '@nestjs/common';
import { NatsClientModule } from '../nats/nats-client.module';
import { EventsPublisher } from './events-publisher';

/** The service's domain events on JetStream, published over its own outgoing NATS connection. */
@Module({
  imports: [NatsClientModule],
  providers: [EventsPublisher],
  exports: [EventsPublisher],
})
export class EventsModule {}
