import { Inject, Injectable, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { natsConnectionOptions } from './nats-options';
import { SERVICE_IDENTITY, type ServiceIdentity } from './service-identity';

/**
 * A service's own outgoing NATS connection (requests to other services, JetStream object stores).
 * The microservice server keeps its own connection for incoming messages.
 */
export const NATS_CLIENT = Symbol('NATS_CLIENT');

/** Connects before the service listens (it cannot serve without NATS anyway) and closes last. */
@Injectable()
class NatsClientLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(NATS_CLIENT) private readonly client: ClientProxy) {}

  async onModuleInit(): Promise<void> {
    await this.client.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

@Module({
  providers: [
    {
      provide: NATS_CLIENT,
      inject: [SERVICE_IDENTITY],
      useFactory: ({ service, natsUrl, natsPassword }: ServiceIdentity): ClientProxy =>
        ClientProxyFactory.create({
          transport: Transport.NATS,
          options: natsConnectionOptions(service, natsUrl, 'client', natsPassword),
        }),
    },
    NatsClientLifecycle,
  ],
  exports: [NATS_CLIENT],
})
export class NatsClientModule {}
