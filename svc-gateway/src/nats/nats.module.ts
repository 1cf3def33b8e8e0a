import { Global, Module } from '@nestjs/common';
import { EventsPublisher } from '../events/events-publisher';
import { NatsGatewayConnection } from './nats-connection';
import { ServiceClient } from './service-client';

@Global()
@Module({
  providers: [NatsGatewayConnection, ServiceClient, EventsPublisher],
  exports: [ServiceClient, NatsGatewayConnection, EventsPublisher],
})
export class NatsModule {}
