// bench:scale's stack as processes on the machine the bench runs on (the runtime without a Docker
// engine; scale-containers.js is the one with). Each replica is the same `node svc-<name>/dist/main.js`
// its image runs, with the environment compose and Kubernetes give it: the process boundaries, ports,
// NATS users and shared Postgres/Redis are the containers', the isolation and resource limits of a
// container runtime are not. Needs a build (npm run build), nats-server, redis-server and PostgreSQL.
// - NATS: three nats-server processes on 127.0.0.1 with cluster routes and JetStream in the work folder;
// - Redis: a redis-server of its own; Postgres: the database masar_bench_scale on 127.0.0.1:5432
//   (BENCH_SCALE_DATABASE_URL), recreated at the start and dropped at the end;
// - replicas: their own PROBE_PORT (the gateway its PORT) and their own log file in the work folder.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { dropDatabase, ensureDatabase, ROOT } = require('../local/platform');
const { MASAR_NATS_CONFIG, OwnServer, startOwnRedis } = require('../local/own-servers');
const { NATS_NODES, PROJECTS, START_TIMEOUT_MS, lastLines, natsNodeConfig, waitFor } = require('./scale-stack');

const DATABASE_URL = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_bench_scale';

function tail(file) {
  try {
    return lastLines(fs.readFileSync(file, 'utf8'));
  } catch {
    return '(no log yet)';
  }
}

/** One replica of a service: `node <project>/dist/main.js`, its output in its own log file. */
class ProcessReplica {
  constructor(project, replica, env, logFile) {
    this.project = project;
    this.name = `${project} #${replica + 1}`;
    this.env = env;
    this.logFile = logFile;
    this.readyUrl =
      project === 'svc-gateway' ? `http://127.0.0.1:${env.PORT}/api/health/ready` : `http://127.0.0.1:${env.PROBE_PORT}/readyz`;
    this.child = undefined;
  }

  alive() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts it and resolves once its readiness probe answers 200. */
  async start() {
    const log = fs.openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, [path.join(ROOT, this.project, 'dist/main.js')], {
      cwd: path.join(ROOT, this.project),
      env: this.env,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    const child = this.child;
    const timeoutMs = START_TIMEOUT_MS[this.project] ?? START_TIMEOUT_MS.default;
    await waitFor(`${this.name} to be ready at ${this.readyUrl}`, timeoutMs, async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.name} exited (${child.signalCode ?? child.exitCode}) before it was ready; its log ${this.logFile}:\n${tail(this.logFile)}`);
      }
      const response = await fetch(this.readyUrl, { signal: AbortSignal.timeout(2000) });
      return response.ok;
    }, () => `; its log ${this.logFile}:\n${tail(this.logFile)}`).catch(async (error) => {
      // A replica that never became ready is not left running.
      await this.stop('SIGKILL');
      throw error;
    });
  }

  /** A crash: SIGKILL, resolved once the process has exited. */
  kill() {
    return this.stop('SIGKILL');
  }

  /** Sends `signal` and resolves once the process has exited (SIGKILL after 10 s of SIGTERM). */
  stop(signal = 'SIGTERM') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill(signal);
    });
  }
}

class ProcessRuntime {
  constructor({ ports, workDir }) {
    this.ports = ports;
    this.workDir = workDir;
    this.description = `processes on this machine (no containers), logs in ${workDir}`;
    // Not production: svc-identity seeds the committed development admin.
    this.adminPassword = 'admin123';
    this.databaseUrl = DATABASE_URL;
    this.replicas = [];
    this.servers = [];
    this.cleanups = [];
  }

  async prepare() {
    const missing = PROJECTS.filter((project) => !fs.existsSync(path.join(ROOT, project, 'dist/main.js')));
    if (missing.length > 0) throw new Error(`Not built yet: ${missing.join(', ')}. Run: npm run build`);
    fs.copyFileSync(MASAR_NATS_CONFIG, path.join(this.workDir, 'masar-nats.conf'));
  }

  /** The three nodes, not started: nats-server processes with the passwords in their environment. */
  natsNodes(passwords) {
    const routes = Array.from({ length: NATS_NODES }, (_, other) => `nats-route://127.0.0.1:${this.ports.route(other)}`);
    const nodes = Array.from({ length: NATS_NODES }, (_, node) => {
      const serverName = `masar-bench-${node + 1}`;
      const storeDir = path.join(this.workDir, `nats-${node + 1}`);
      const configFile = path.join(this.workDir, `nats-${node + 1}.conf`);
      fs.writeFileSync(configFile, natsNodeConfig({
        serverName,
        listen: `127.0.0.1:${this.ports.nats(node)}`,
        monitor: `127.0.0.1:${this.ports.monitor(node)}`,
        clusterListen: `127.0.0.1:${this.ports.route(node)}`,
        routes,
        storeDir,
      }));
      const server = new OwnServer(`nats-server ${node + 1}`, 'nats-server', ['-c', configFile], this.ports.nats(node), storeDir, { ...process.env, ...passwords });
      return Object.assign(server, {
        node,
        serverName,
        url: `nats://127.0.0.1:${this.ports.nats(node)}`,
        monitorUrl: `http://127.0.0.1:${this.ports.monitor(node)}`,
        start: () => OwnServer.prototype.start.call(server, 15_000),
        kill: () => server.stop('SIGKILL'),
      });
    });
    this.servers.push(...nodes);
    this.cleanups.push(() => Promise.all(nodes.map((node) => node.dispose())));
    return nodes;
  }

  async startRedisAndPostgres() {
    const redis = await startOwnRedis({ port: this.ports.redis });
    this.servers.push(redis);
    this.cleanups.push(() => redis.dispose());
    this.redisUrl = redis.url;
    await ensureDatabase(DATABASE_URL, { recreate: true });
    this.cleanups.push(() => dropDatabase(DATABASE_URL));
  }

  /** Replica `index` of `project` (not started) with `settings`, the passwords and the stack's addresses. */
  replica(project, index, { passwords, settings }, natsNode) {
    const serviceIndex = PROJECTS.indexOf(project);
    const own = { NATS_URL: `nats://127.0.0.1:${this.ports.nats(natsNode)}` };
    if (project === 'svc-gateway') own.PORT = String(this.ports.gateway(index));
    else own.PROBE_PORT = String(this.ports.probe(serviceIndex, index));
    const env = { ...process.env, ...passwords, ...settings, REDIS_URL: this.redisUrl, DATABASE_URL, ...own };
    const replica = new ProcessReplica(project, index, env, path.join(this.workDir, `${project}-${index + 1}.log`));
    this.replicas.push(replica);
    return replica;
  }

  /** Replicas first (SIGTERM), then NATS, Redis and the database they use. */
  async cleanUp() {
    await Promise.all(this.replicas.map((replica) => replica.stop('SIGTERM')));
    for (const cleanup of this.cleanups.reverse()) await Promise.resolve().then(cleanup).catch((error) => console.error(`cleaning up: ${error.message}`));
  }

  /** At exit, whatever cleaning up could not stop. */
  killNow() {
    for (const replica of this.replicas) if (replica.alive()) replica.child.kill('SIGKILL');
    for (const server of this.servers) if (server.running()) server.child.kill('SIGKILL');
  }

  /** Copies the replicas' logs to `folder`. */
  saveLogs(folder) {
    for (const file of fs.readdirSync(this.workDir).filter((name) => name.endsWith('.log'))) fs.copyFileSync(path.join(this.workDir, file), path.join(folder, file));
  }
}

module.exports = { ProcessRuntime };
