// The probes on a real HTTP port, with checks whose answers the test sets.
import { healthReply } from './service-health.module';
import { ServiceProbes } from './service-probes';

describe('ServiceProbes', () => {
  let probes: ServiceProbes;
  let base: string;
  let natsConnected: boolean;
  let postgres: 'up' | 'down';

  beforeEach(async () => {
    natsConnected = true;
    postgres = 'up';
    probes = new ServiceProbes();
    const port = await probes.start(0, {
      natsConnected: () => natsConnected,
      postgres: { check: async () => healthReply('jobs', { postgres }) },
    });
    base = `http://127.0.0.1:${port}`;
  });

  afterEach(() => probes.onApplicationShutdown());

  async function probe(path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(base + path);
    return { status: response.status, body: await response.json() };
  }

  it('is live, and ready while NATS and Postgres are up', async () => {
    expect(await probe('/livez')).toEqual({ status: 200, body: { status: 'up' } });
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'up', nats: 'up', postgres: 'up' } });
  });

  it('is not ready without its NATS connection or its Postgres, and still live', async () => {
    natsConnected = false;
    expect(await probe('/readyz')).toEqual({ status: 503, body: { status: 'down', nats: 'down', postgres: 'up' } });
    natsConnected = true;
    postgres = 'down';
    expect(await probe('/readyz')).toEqual({ status: 503, body: { status: 'down', nats: 'up', postgres: 'down' } });
    expect((await probe('/livez')).status).toBe(200);
  });

  it('stops being ready as soon as shutdown begins, and closes its port at the end', async () => {
    probes.beforeApplicationShutdown();
    expect(await probe('/readyz')).toEqual({ status: 503, body: { status: 'down', reason: 'shutting down' } });
    await probes.onApplicationShutdown();
    await expect(fetch(`${base}/livez`)).rejects.toThrow();
  });

  it('answers 404 for anything else', async () => {
    expect(await probe('/health')).toEqual({ status: 404, body: { message: 'Only /livez and /readyz are served here' } });
  });
});
