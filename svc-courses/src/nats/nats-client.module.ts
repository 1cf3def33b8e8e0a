import { Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { COURSES_CONFIG, CoursesConfig } from '../config';

/**
 * svc-courses' own outgoing NATS connection: requests to svc-ai and the JetStream object store of course
 * uploads share it. (The microservice server keeps its own connection for incoming messages.)
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
      inject: [COURSES_CONFIG],
      useFactory: (config: CoursesConfig): ClientProxy =>
        ClientProxyFactory.create({
          transport: Transport.NATS,
          options: { servers: [config.natsUrl], name: 'svc-courses-client', maxReconnectAttempts: -1 },
        }),
    },
    NatsClientLifecycle,
  ],
  exports: [NATS_CLIENT],
})
export class NatsClientModule {}
