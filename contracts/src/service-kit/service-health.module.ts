import { type ComponentStatus, healthSubjectOf, type ServiceHealthReply } from '../health/health';
import type { ServiceName } from '../nats';
import { Controller, type DynamicModule, Inject, Injectable, type ModuleMetadata, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { hostname } from 'node:os';
import type { DataSource } from 'typeorm';
import { SERVICE_IDENTITY, type ServiceIdentity } from './service-identity';

/** What answers `<service>.health`. */
export interface HealthCheck {
  check(): Promise<ServiceHealthReply>;
}

const instance = `${hostname()}:${process.pid}`;

/** A health reply: down as soon as one check is. */
export function healthReply<TChecks extends Record<string, ComponentStatus>>(
  service: ServiceName,
  checks: TChecks,
): ServiceHealthReply & { checks: TChecks } {
  const status: ComponentStatus = Object.values(checks).every((check) => check === 'up') ? 'up' : 'down';
  return { service, status, instance, uptimeSeconds: Math.round(process.uptime()), checks };
}

/** Short enough that the gateway's 1.5 s health budget still gets an answer when Postgres hangs. */
const POSTGRES_CHECK_TIMEOUT_MS = 1000;

/** A service that owns data is as healthy as its Postgres. */
@Injectable()
export class PostgresHealthCheck implements HealthCheck {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_IDENTITY) private readonly identity: ServiceIdentity,
  ) {}

  async check(): Promise<ServiceHealthReply> {
    return healthReply(this.identity.service, { postgres: await this.checkPostgres() });
  }

  private async checkPostgres(): Promise<ComponentStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<ComponentStatus>((resolve) => {
      timer = setTimeout(() => resolve('down'), POSTGRES_CHECK_TIMEOUT_MS);
    });
    const query = this.dataSource.query('SELECT 1').then(
      (): ComponentStatus => 'up',
      (): ComponentStatus => 'down',
    );
    try {
      return await Promise.race([query, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}

const HEALTH_CHECK = Symbol('HEALTH_CHECK');

export interface ServiceHealthOptions {
  service: ServiceName;
  /** The service's own check when it has no database (svc-ai checks its model provider). */
  check?: Type<HealthCheck>;
  /** What `check` needs. */
  imports?: ModuleMetadata['imports'];
}

/** Answers `<service>.health` (what the gateway's /api/health asks) with the service's check. */
export class ServiceHealthModule {
  static register(options: ServiceHealthOptions): DynamicModule {
    @Controller()
    class HealthHandlers {
      constructor(@Inject(HEALTH_CHECK) private readonly health: HealthCheck) {}

      @MessagePattern(healthSubjectOf(options.service))
      check(): Promise<ServiceHealthReply> {
        return this.health.check();
      }
    }
    return {
      module: ServiceHealthModule,
      imports: options.imports ?? [],
      controllers: [HealthHandlers],
      providers: [{ provide: HEALTH_CHECK, useClass: options.check ?? PostgresHealthCheck }],
    };
  }
}
