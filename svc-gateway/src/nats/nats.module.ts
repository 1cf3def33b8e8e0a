import { Global, Module } from '@nestjs/common';
import { NatsGatewayConnection } from './nats-connection';
import { ServiceClient } from './service-client';

@Global()
@Module({
  providers: [NatsGatewayConnection, ServiceClient],
  exports: [ServiceClient, NatsGatewayConnection],
})
export class NatsModule {}
