import { connect, Events } from 'nats';
import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';
import { startOwnNats } from '../../../deploy/local/own-servers';
import { NATS_CONNECT_ATTEMPT_TIMEOUT_MS, NATS_MAX_PINGS_OUT, NATS_PING_INTERVAL_MS, natsConnectionOptions, natsPasswordFrom, natsServerOptions } from './nats-options';

describe('NATS connection options', () => {
  it('never give up reconnecting, for every connection of every process', () => {
    for (const options of [
      natsConnectionOptions('gateway', 'nats://nats:4222'),
      natsConnectionOptions('jobs', 'nats://nats:4222', 'client'),
      natsServerOptions('progress', 'nats://nats:4222'),
    ]) {
      expect(options).toMatchObject({ servers: ['nats://nats:4222'], reconnect: true, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    }
  });

  it('name each connection after its process, and put a service in its queue group', () => {
    expect(natsConnectionOptions('gateway', 'nats://nats:4222').name).toBe('svc-gateway');
    expect(natsConnectionOptions('jobs', 'nats://nats:4222', 'client').name).toBe('svc-jobs-client');
    // Replies to a process's requests come back on its own inbox subjects, the only ones it may read.
    expect(natsConnectionOptions('jobs', 'nats://nats:4222', 'client').inboxPrefix).toBe('_INBOX_svc-jobs');
    expect(natsConnectionOptions('gateway', 'nats://nats:4222').inboxPrefix).toBe('_INBOX_svc-gateway');
    expect(natsServerOptions('courses', 'nats://nats:4222')).toMatchObject({
      name: 'svc-courses',
      queue: 'svc-courses',
      gracefulShutdown: true,
    });
  });
});

describe('NATS credentials', () => {
  it("sign each process in as its own user with the password from its environment", () => {
    const env = { MASAR_NATS_JOBS_PASSWORD: 'jobs-secret' };
    expect(natsConnectionOptions('jobs', 'nats://nats:4222', 'client', natsPasswordFrom('jobs', env))).toMatchObject({
      user: 'svc-jobs',
      pass: 'jobs-secret',
    });
    expect(natsServerOptions('jobs', 'nats://nats:4222', 'jobs-secret')).toMatchObject({ user: 'svc-jobs', pass: 'jobs-secret' });
  });

  it('connect without credentials where none are configured (a development NATS without authentication)', () => {
    // `npm test` runs on Masar's NATS with every password in process.env, which the kit falls back on.
    const previous = process.env.MASAR_NATS_AI_PASSWORD;
    delete process.env.MASAR_NATS_AI_PASSWORD;
    try {
      const options = natsConnectionOptions('ai', 'nats://nats:4222', 'serve', undefined);
      expect(options).not.toHaveProperty('user');
      expect(options).not.toHaveProperty('pass');
    } finally {
      if (previous !== undefined) process.env.MASAR_NATS_AI_PASSWORD = previous;
    }
  });

  it('refuse to start in production without a password, naming the variable', () => {
    const previous = process.env.MASAR_NATS_PROGRESS_PASSWORD;
    delete process.env.MASAR_NATS_PROGRESS_PASSWORD;
    try {
      expect(() => natsPasswordFrom('progress', { NODE_ENV: 'production' })).toThrow(
        'MASAR_NATS_PROGRESS_PASSWORD is required in production',
      );
    } finally {
      if (previous !== undefined) process.env.MASAR_NATS_PROGRESS_PASSWORD = previous;
    }
  });
});

/** Listens on a free loopback port; resolves to the NATS address of `server`. */
async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `nats://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** The kit's options as a gateway uses them, tried in the order given (the test's NATS has no users). */
function kitOptionsTrying(servers: string[]) {
  return { ...natsConnectionOptions('gateway', servers[0]), user: undefined, pass: undefined, servers, noRandomize: true };
}

describe('NATS connection attempts (a real NATS server)', () => {
  let nats: Awaited<ReturnType<typeof startOwnNats>>;
  // Accepts connections and never answers: what a vanished pod's address looks like to a client.
  let silent: Server;
  const held: Socket[] = [];
  let silentUrl: string;

  beforeAll(async () => {
    nats = await startOwnNats();
    silent = createServer((socket) => void held.push(socket));
    silentUrl = await listenOnLoopback(silent);
  }, 30_000);

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
    await nats?.dispose();
  });

  it('give up on a server that never answers and reach the next one, well before the client’s 20 s default', async () => {
    // The silent server is tried first.
    const started = Date.now();
    const deadline = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3 * NATS_CONNECT_ATTEMPT_TIMEOUT_MS).unref());
    const connecting = connect(kitOptionsTrying([silentUrl, nats.url]));
    const outcome = await Promise.race([connecting, deadline]);
    expect(outcome).not.toBe('still waiting');
    const connection = await connecting;
    try {
      expect(connection.getServer()).toBe(new URL(nats.url).host);
      // It did try the silent one first, and waited one attempt's time on it.
      expect(held.length).toBeGreaterThan(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(NATS_CONNECT_ATTEMPT_TIMEOUT_MS - 100);
    } finally {
      await connection.close();
    }
  }, 20_000);

  it('give up a connection whose server stopped answering without closing it, and reconnect to the next server', async () => {
    // A proxy to the real server that, once frozen, swallows everything and closes nothing:
    // a NATS node lost with its machine, as its clients see it.
    let frozen = false;
    const sockets: Socket[] = [];
    const proxy = createServer((client) => {
      const upstream = connectTcp(Number(new URL(nats.url).port), '127.0.0.1');
      sockets.push(client, upstream);
      client.on('data', (bytes) => void (frozen || upstream.write(bytes)));
      upstream.on('data', (bytes) => void (frozen || client.write(bytes)));
      client.on('error', () => undefined);
      upstream.on('error', () => undefined);
    });
    const proxyUrl = await listenOnLoopback(proxy);
    const connection = await connect(kitOptionsTrying([proxyUrl, nats.url]));
    try {
      expect(connection.getServer()).toBe(new URL(proxyUrl).host);
      const reconnected = (async () => {
        for await (const status of connection.status()) if (status.type === Events.Reconnect) return status;
        return undefined;
      })();
      frozen = true;
      const frozenAt = Date.now();
      // Unanswered pings: given up at the (NATS_MAX_PINGS_OUT + 1)th tick, then the next server.
      const worstCase = (NATS_MAX_PINGS_OUT + 2) * NATS_PING_INTERVAL_MS + NATS_CONNECT_ATTEMPT_TIMEOUT_MS;
      const deadline = new Promise<'still connected to the frozen server'>((resolve) =>
        setTimeout(() => resolve('still connected to the frozen server'), worstCase).unref(),
      );
      expect(await Promise.race([reconnected, deadline])).toMatchObject({ type: Events.Reconnect });
      expect(connection.getServer()).toBe(new URL(nats.url).host);
      expect(Date.now() - frozenAt).toBeGreaterThanOrEqual(NATS_MAX_PINGS_OUT * NATS_PING_INTERVAL_MS);
      // The connection works again.
      await connection.flush();
    } finally {
      await connection.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  }, 60_000);
});
