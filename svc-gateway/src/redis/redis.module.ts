import { Global, Inject, Injectable, Module, OnApplicationShutdown, Provider } from '@nestjs/common';
import { Logger } from 'pino';
import { createClient } from 'redis';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';

export type RedisClient = ReturnType<typeof createClient>;
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/** The longest a request waits on one Redis command (a session read, a rate-limit count). */
export const REDIS_COMMAND_TIMEOUT_MS = 800;

const redisClientProvider: Provider = {
  provide: REDIS_CLIENT,
  inject: [GATEWAY_CONFIG, LOGGER],
  useFactory: async (config: GatewayConfig, logger: Logger): Promise<RedisClient> => {
    const client: RedisClient = createClient({
      url: config.redisUrl,
      // While Redis is away, fail commands at once (a clear 503) instead of queueing requests, and
      // give up on a command Redis does not answer (a hung server) well within a second.
      disableOfflineQueue: true,
      commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
      // Retries stay frequent (at most 500 ms apart) so sessions are back soon after Redis is.
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 500) },
    });
    let reported = false;
    client.on('error', (error: unknown) => {
      // The client reconnects by itself; one line per outage is enough.
      if (!reported) logger.error({ err: error }, 'Redis connection error');
      reported = true;
    });
    client.on('ready', () => {
      reported = false;
    });
    await client.connect();
    return client;
  },
};

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly client: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }
}

/** One Redis connection for sessions, sign-in rate limits and the health check. */
@Global()
@Module({ providers: [redisClientProvider, RedisShutdown], exports: [REDIS_CLIENT] })
export class RedisModule {}
