import { Global, Module } from '@nestjs/common';
import { natsClientProvider, NatsConnectionState } from './nats-client.provider';
import { ServiceClient } from './service-client';

@Global()
@Module({
  providers: [natsClientProvider, NatsConnectionState, ServiceClient],
  exports: [ServiceClient, NatsConnectionState],
})
export class NatsModule {}
