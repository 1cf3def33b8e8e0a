import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown, Provider } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { Logger } from 'pino';
import { Subscription } from 'rxjs';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';

export const NATS_CLIENT = Symbol('NATS_CLIENT');

export const natsClientProvider: Provider = {
  provide: NATS_CLIENT,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig): ClientProxy =>
    ClientProxyFactory.create({
      transport: Transport.NATS,
      options: {
        servers: [config.natsUrl],
        name: 'svc-gateway',
        // Start even when NATS is down and keep trying: requests meanwhile time out as 503s.
        waitOnFirstConnect: true,
        maxReconnectAttempts: -1,
      },
    }),
};

/** Connects at startup, remembers whether NATS is reachable (for /api/health), closes at shutdown. */
@Injectable()
export class NatsConnectionState implements OnApplicationBootstrap, OnApplicationShutdown {
  private connected = false;
  private shuttingDown = false;
  private statusSubscription?: Subscription;

  constructor(
    @Inject(NATS_CLIENT) private readonly client: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  isConnected(): boolean {
    return this.connected;
  }

  onApplicationBootstrap(): void {
    this.statusSubscription = this.client.status.subscribe((status) => {
      this.connected = status === 'connected';
    });
    // Not awaited: the gateway serves its pages and health even while NATS is away.
    this.client.connect().then(
      // A connection that completes after shutdown began must not keep the process alive.
      () => (this.shuttingDown ? this.client.close() : undefined),
      (error: unknown) => this.logger.error({ err: error }, 'NATS connection failed'),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    this.statusSubscription?.unsubscribe();
    await this.client.close();
  }
}
