import { natsConnectionOptions } from '@masar/contracts/service-kit';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { connect, MsgHdrs, NatsConnection } from 'nats';
import { Logger } from 'pino';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';
import { probePacket, ServiceLiveness, WatchedRequest } from './service-liveness';

export interface NatsRequestOptions {
  timeout: number;
  headers: MsgHdrs;
  /**
   * The health subject of the service asked: while the request waits, it is probed, so a request
   * that went to a process which has since died ends at once instead of at its timeout.
   */
  livenessSubject?: string;
}

/** What ServiceClient needs of NATS: one request-reply. The Pact consumer tests stand in for it. */
export interface NatsRequester {
  request(subject: string, data: Uint8Array, options: NatsRequestOptions): Promise<{ data: Uint8Array }>;
}

/**
 * Thrown while the gateway has no NATS connection (not yet, or lost and reconnecting), and for
 * requests in flight when it is lost; ServiceClient answers it with a 503 at once.
 */
export class NatsNotConnectedError extends Error {
  constructor(message = 'NATS is not connected') {
    super(message);
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
  /** Requests waiting for their answer, ended at once when the connection is lost. */
  private readonly inFlight = new Set<WatchedRequest>();
  private readonly liveness = new ServiceLiveness((subject, timeoutMs) =>
    this.current().request(subject, probePacket(subject), { timeout: timeoutMs }),
  );

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

  async request(subject: string, data: Uint8Array, options: NatsRequestOptions): Promise<{ data: Uint8Array }> {
    const connection = this.connection ?? (await this.firstConnection(options.timeout));
    // While reconnecting, the client would buffer the request and let it wait out its timeout.
    if (!this.connected) throw new NatsNotConnectedError();
    let request!: WatchedRequest;
    const answered = new Promise<{ data: Uint8Array }>((resolve, reject) => {
      request = { sentAt: performance.now(), fail: reject };
      connection.request(subject, data, { timeout: options.timeout, headers: options.headers }).then(resolve, reject);
    });
    this.inFlight.add(request);
    const settled = answered.finally(() => this.inFlight.delete(request));
    if (options.livenessSubject !== undefined) this.liveness.watch(options.livenessSubject, request, answered);
    return settled;
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
      // Reconnects without ever giving up, a quarter second apart, as every Masar connection does.
      ...natsConnectionOptions('gateway', this.config.natsUrl),
      waitOnFirstConnect: true,
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
    this.liveness.close();
    const connection = this.connection;
    this.connection = undefined;
    this.connected = false;
    if (connection && !connection.isClosed()) await connection.drain().catch(() => connection.close());
  }

  private async followStatus(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.failInFlight();
      }
      if (status.type === 'reconnect') this.connected = true;
    }
    this.connected = false;
    this.failInFlight();
  }

  /** Answers lost with the connection will not come: the requests waiting for them end now. */
  private failInFlight(): void {
    if (this.inFlight.size > 0) this.logger.warn({ requests: this.inFlight.size }, 'NATS connection lost with requests in flight');
    for (const request of [...this.inFlight]) request.fail(new NatsNotConnectedError('the NATS connection was lost'));
  }
}
