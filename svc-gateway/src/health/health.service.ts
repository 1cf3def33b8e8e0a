import {
  ComponentStatus,
  healthSubjectOf,
  PlatformHealth,
  SERVICE_NAMES,
  ServiceName,
  serviceHealthReplySchema,
} from '@masar/contracts';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Logger } from 'pino';
import { Pool } from 'pg';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { ServiceClient } from '../nats/service-client';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';

/** Resolves to 'down' when the check fails or takes longer than the budget. */
async function withinBudget(check: () => Promise<unknown>, budgetMs: number): Promise<ComponentStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ComponentStatus>((resolve) => {
    timer = setTimeout(() => resolve('down'), budgetMs);
  });
  const checked = check().then(
    (): ComponentStatus => 'up',
    (): ComponentStatus => 'down',
  );
  try {
    return await Promise.race([checked, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asks every service and every piece of infrastructure at once; the slowest answer bounds the wait. */
@Injectable()
export class HealthService implements OnApplicationShutdown {
  private readonly postgres: Pool;

  constructor(
    private readonly services: ServiceClient,
    private readonly nats: NatsGatewayConnection,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.postgres = new Pool({
      connectionString: config.databaseUrl,
      max: 1,
      connectionTimeoutMillis: config.healthCheckTimeoutMs,
      idleTimeoutMillis: 10_000,
    });
    this.postgres.on('error', (error) => logger.warn({ err: error }, 'idle Postgres health connection failed'));
  }

  async check(): Promise<PlatformHealth> {
    const [serviceStatuses, infrastructure] = await Promise.all([
      Promise.all(SERVICE_NAMES.map(async (service) => [service, await this.checkService(service)] as const)),
      this.checkInfrastructure(),
    ]);
    const services = Object.fromEntries(serviceStatuses) as Record<ServiceName, ComponentStatus>;
    const everything = [...Object.values(services), ...Object.values(infrastructure)];
    return {
      status: everything.every((status) => status === 'up') ? 'up' : 'down',
      services,
      infrastructure,
      checkedAt: new Date().toISOString(),
    };
  }

  /**
   * This gateway's own connections: what its readiness probe asks (/api/health/ready). The services are
   * left out on purpose, so one service down does not take every gateway out of its load balancer.
   */
  async checkInfrastructure(): Promise<PlatformHealth['infrastructure']> {
    const budgetMs = this.config.healthCheckTimeoutMs;
    const [postgres, redis] = await Promise.all([
      withinBudget(() => this.postgres.query('SELECT 1'), budgetMs),
      withinBudget(() => this.redis.ping(), budgetMs),
    ]);
    const nats: ComponentStatus = this.nats.isConnected() ? 'up' : 'down';
    return { postgres, redis, nats };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.postgres.end();
  }

  private async checkService(service: ServiceName): Promise<ComponentStatus> {
    try {
      const reply = await this.services.request({
        service,
        subject: healthSubjectOf(service),
        payload: {},
        reply: serviceHealthReplySchema,
        timeoutMs: this.config.healthCheckTimeoutMs,
        quiet: true,
      });
      return reply.status;
    } catch {
      return 'down';
    }
  }
}
