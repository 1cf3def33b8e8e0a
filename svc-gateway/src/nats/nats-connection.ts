import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { connect, MsgHdrs, NatsConnection } from 'nats';
import { Logger } from 'pino';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';

/** What ServiceClient needs of NATS: one request-reply. The Pact consumer tests stand in for it. */
export interface NatsRequester {
  request(subject: string, data: Uint8Array, options: { timeout: number; headers: MsgHdrs }): Promise<{ data: Uint8Array }>;
}

/** Thrown while the gateway has not reached NATS yet; ServiceClient answers it with a 503. */
export class NatsNotConnectedError extends Error {
  constructor() {
    super('NATS is not connected');
  }
}

/**
 * The gateway's one NATS connection. Requests go through the client's shared reply inbox (one
 * wildcard subscription for all of them); Nest's ClientProxy subscribes and unsubscribes an inbox
 * per request, which costs the gateway and nats-server several protocol messages each time.
 */
@Injectable()
export class NatsGatewayConnection implements NatsRequester, OnApplicationBootstrap, OnApplicationShutdown {
  private connection?: NatsConnection;
  private connecting?: Promise<NatsConnection>;
  private connected = false;
  private shuttingDown = false;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  isConnected(): boolean {
    return this.connected;
  }

  /** The live connection (for JetStream); throws NatsNotConnectedError before the first connect. */
  current(): NatsConnection {
    if (!this.connection) throw new NatsNotConnectedError();
    return this.connection;
  }

  async request(subject: string, data: Uint8Array, options: { timeout: number; headers: MsgHdrs }): Promise<{ data: Uint8Array }> {
    const connection = this.connection ?? (await this.firstConnection(options.timeout));
    return connection.request(subject, data, options);
  }

  /** A request made while the first connect is still under way waits for it, up to its own timeout. */
  private async firstConnection(timeoutMs: number): Promise<NatsConnection> {
    if (!this.connecting) throw new NatsNotConnectedError();
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new NatsNotConnectedError()), timeoutMs);
    });
    try {
      return await Promise.race([this.connecting, gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  onApplicationBootstrap(): void {
    // Not awaited: the gateway serves its pages and health even while NATS is away; requests
    // meanwhile answer 503 and the client keeps trying to connect.
    this.connecting = connect({
      servers: [this.config.natsUrl],
      name: 'svc-gateway',
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      // The client otherwise captures two stack traces per request, in case it times out; a
      // timeout here only ever becomes "<service> is unavailable", so the traces are never read.
      noAsyncTraces: true,
    });
    this.connecting.then(
      (connection) => {
        if (this.shuttingDown) {
          // A connection that completes after shutdown began must not keep the process alive.
          void connection.close();
          return;
        }
        this.connection = connection;
        this.connected = true;
        void this.followStatus(connection);
      },
      (error: unknown) => this.logger.error({ err: error }, 'NATS connection failed'),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    const connection = this.connection;
    this.connection = undefined;
    this.connected = false;
    if (connection && !connection.isClosed()) await connection.drain().catch(() => connection.close());
  }

  private async followStatus(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') this.connected = true;
    }
    this.connected = false;
  }
}
