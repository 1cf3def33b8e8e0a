import { ComponentStatus, ServiceHealthReply } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';

/** Short enough that the gateway's 1.5 s health budget still gets an answer when Postgres hangs. */
const POSTGRES_CHECK_TIMEOUT_MS = 1000;

@Injectable()
export class HealthService {
  private readonly instance = `${hostname()}:${process.pid}`;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async check(): Promise<ServiceHealthReply> {
    const postgres = await this.checkPostgres();
    return {
      service: 'identity',
      status: postgres,
      instance: this.instance,
      uptimeSeconds: Math.round(process.uptime()),
      checks: { postgres },
    };
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
