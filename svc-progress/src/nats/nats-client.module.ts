import { Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { PROGRESS_CONFIG, ProgressConfig } from '../config';

/**
 * svc-progress' own outgoing NATS connection, for its requests to svc-courses. (The microservice
 * server keeps its own connection for incoming messages.)
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
      inject: [PROGRESS_CONFIG],
      useFactory: (config: ProgressConfig): ClientProxy =>
        ClientProxyFactory.create({
          transport: Transport.NATS,
          options: { servers: [config.natsUrl], name: 'svc-progress-client', maxReconnectAttempts: -1 },
        }),
    },
    NatsClientLifecycle,
  ],
  exports: [NATS_CLIENT],
})
export class NatsClientModule {}
