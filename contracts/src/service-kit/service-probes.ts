import { type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HealthCheck } from './service-health.module';

/** What readiness asks of one process: its own NATS connection and, for a service with a schema, its Postgres. */
export interface ProbeChecks {
  natsConnected(): boolean;
  /** Absent for a service without a database. */
  postgres?: HealthCheck;
}

/**
 * The HTTP endpoints an orchestrator probes on each process (Kubernetes, deploy/k8s): `/livez` answers
 * 200 while the event loop turns; `/readyz` answers 200 once migrations are done and the service
 * listens (the probes start only then), while this process' NATS connection is open and its Postgres
 * answers, and 503 from the moment it starts shutting down. The NATS `<service>.health` subject cannot
 * serve here: its answer comes from whichever instance of the queue group takes it, not this one.
 */
export class ServiceProbes implements BeforeApplicationShutdown, OnApplicationShutdown {
  private server?: Server;
  private checks?: ProbeChecks;
  private shuttingDown = false;

  /** Listens on `port` (0 picks a free one) and resolves to the port it took. */
  async start(port: number, checks: ProbeChecks): Promise<number> {
    this.checks = checks;
    const server = createServer((request, response) => {
      void this.answer(request.url ?? '').then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        response.end(JSON.stringify(body));
      });
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  /** Not ready from here on, so no new work is routed here while in-flight work finishes. */
  beforeApplicationShutdown(): void {
    this.shuttingDown = true;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const path = url.split('?')[0];
    if (path === '/livez') return { status: 200, body: { status: 'up' } };
    if (path !== '/readyz') return { status: 404, body: { message: 'Only /livez and /readyz are served here' } };
    const ready = await this.readiness();
    return { status: ready.status === 'up' ? 200 : 503, body: ready };
  }

  private async readiness(): Promise<Record<string, string>> {
    if (this.shuttingDown || !this.checks) return { status: 'down', reason: 'shutting down' };
    const nats = this.checks.natsConnected() ? 'up' : 'down';
    const postgres = this.checks.postgres ? (await this.checks.postgres.check()).status : undefined;
    const status = nats === 'up' && postgres !== 'down' ? 'up' : 'down';
    return { status, nats, ...(postgres ? { postgres } : {}) };
  }
}
