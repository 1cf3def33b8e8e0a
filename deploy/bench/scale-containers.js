// bench:scale's stack in containers, on the Docker engine the `docker` command talks to (the runtime
// bench-scale.js picks when one answers; scale-processes.js is the one without).
//
// `docker run` for each container rather than compose with --scale: compose is not part of every
// engine's install (the bench needs only the `docker` command), each replica needs a host port of its
// own for its readiness probe and a NATS server of its own to connect to, and the NATS cluster is three
// servers configured differently; the bench also kills and starts single containers by name. What the
// containers are is read, not re-invented:
// - images: each service's `image:` and Dockerfile `target:` from deploy/docker-compose.yml
//   (masar/svc-<name>:local), built with `docker build --target` when missing or when BENCH_SCALE_BUILD=1,
//   from the base images compose's MASAR_NODE_IMAGE/MASAR_NGINX_IMAGE name; Redis', Postgres' and NATS'
//   images from compose's MASAR_*_IMAGE variables and defaults (offline-base-images.sh --env points them
//   at local stand-ins), Redis with compose's command;
// - each service container as its Kubernetes pod runs (deploy/k8s/base/services/<name>.yaml): the
//   pod's user and group, a read-only root, every capability dropped, no privilege escalation, its
//   emptyDir volumes as tmpfs, and the environment of the ConfigMaps it reads (deploy/k8s/base/
//   kustomization.yaml: PROBE_PORT, the gateway's PORT, TRUST_PROXY, COOKIE_SECURE), in production mode
//   as the image sets it: so a random SESSION_SECRET and ADMIN_PASSWORD, and only its own NATS password.
//   Not its CPU and memory limits: on a small machine they would measure the limits, not Masar.
// - NATS: three containers of the NATS image with cluster routes by container name, JetStream on file
//   storage in a volume of each, Masar's users from deploy/nats/masar-nats.conf (mounted read-only);
//   Redis and PostgreSQL: one container each (the database masar_bench_scale in a volume); all on a
//   network of the run's own. Only the host ports the bench uses are published, on 127.0.0.1.
// A fault is `docker kill` (SIGKILL) and, after the down time, `docker start` of the same container,
// as an orchestrator restarts a crashed pod. Every container, volume and network the run made carries
// the label masar.bench-scale=<run> and is removed at the end, on an error and on Ctrl-C.
'use strict';
const { execFile, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');
const YAML = require('yaml');
const { ROOT } = require('../local/platform');
const { MASAR_NATS_CONFIG, natsPasswordVariable } = require('../local/own-servers');
const { NATS_NODES, PROJECTS, START_TIMEOUT_MS, lastLines, natsNodeConfig, waitFor } = require('./scale-stack');

const COMPOSE_FILE = path.join(ROOT, 'deploy/docker-compose.yml');
const K8S_BASE = path.join(ROOT, 'deploy/k8s/base');
const DATABASE = 'masar_bench_scale';

/** The server version when a Docker engine answers the `docker` command, undefined otherwise. */
function dockerEngineVersion() {
  const answer = spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], { encoding: 'utf8', timeout: 15_000 });
  return answer.status === 0 ? answer.stdout.trim() : undefined;
}

/** Runs `docker <args>`; resolves to its output, fails with its error output. `env` reaches `-e NAME` arguments. */
function docker(args, { env, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    execFile('docker', args, { env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`docker ${args.slice(0, 2).join(' ')} failed: ${(stderr || error.message).trim()}`));
      else resolve(stdout.trim());
    });
  });
}

/** Compose's `${NAME:-default}` and `${NAME}`, from this environment. */
function interpolate(text) {
  return String(text).replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_, name, fallback) => process.env[name] || fallback || '');
}

/** What a service container is, read from the compose file and its Kubernetes Deployment. */
function serviceDefinitions() {
  const compose = YAML.parse(fs.readFileSync(COMPOSE_FILE, 'utf8'), { merge: true });
  const kustomization = YAML.parse(fs.readFileSync(path.join(K8S_BASE, 'kustomization.yaml'), 'utf8'));
  const configMaps = Object.fromEntries(
    (kustomization.configMapGenerator ?? []).map((generator) => [
      generator.name,
      Object.fromEntries((generator.literals ?? []).map((literal) => [literal.slice(0, literal.indexOf('=')), literal.slice(literal.indexOf('=') + 1)])),
    ]),
  );
  const buildArgs = compose['x-build']?.args ?? {};
  const definitions = {};
  for (const [name, service] of Object.entries(compose.services)) {
    const target = service.build?.target;
    if (!PROJECTS.includes(target)) continue;
    const deployment = YAML.parseAllDocuments(fs.readFileSync(path.join(K8S_BASE, 'services', `${name}.yaml`), 'utf8'))
      .map((doc) => doc.toJSON())
      .find((object) => object?.kind === 'Deployment');
    const pod = deployment.spec.template.spec;
    const container = pod.containers.find((candidate) => candidate.name === target) ?? pod.containers[0];
    const configEnv = Object.assign({}, ...(container.envFrom ?? []).map((source) => configMaps[source.configMapRef?.name] ?? {}));
    definitions[target] = {
      image: interpolate(service.image),
      target,
      buildArgs: Object.fromEntries(Object.entries(buildArgs).map(([key, value]) => [key, interpolate(value)])),
      configEnv,
      securityArgs: securityArguments(pod, container),
    };
  }
  const missing = PROJECTS.filter((project) => !definitions[project]);
  if (missing.length > 0) throw new Error(`deploy/docker-compose.yml names no build target ${missing.join(', ')}`);
  return {
    services: definitions,
    natsImage: interpolate(compose.services.nats.image),
    redisImage: interpolate(compose.services.redis.image),
    redisCommand: compose.services.redis.command,
    postgresImage: interpolate(compose.services.postgres.image),
  };
}

/** A pod's security context and emptyDir volumes as `docker run` options. */
function securityArguments(pod, container) {
  const security = { ...pod.securityContext, ...container.securityContext };
  const args = [];
  if (security.runAsUser !== undefined) args.push('--user', `${security.runAsUser}:${security.runAsGroup ?? security.runAsUser}`);
  if (security.readOnlyRootFilesystem) args.push('--read-only');
  for (const capability of security.capabilities?.drop ?? []) args.push('--cap-drop', capability);
  if (security.allowPrivilegeEscalation === false) args.push('--security-opt', 'no-new-privileges');
  const emptyDirs = new Map((pod.volumes ?? []).filter((volume) => volume.emptyDir).map((volume) => [volume.name, volume.emptyDir]));
  for (const mount of container.volumeMounts ?? []) {
    const emptyDir = emptyDirs.get(mount.name);
    if (!emptyDir) continue;
    const size = emptyDir.sizeLimit ? `,size=${String(emptyDir.sizeLimit).replace(/i$/, '').toLowerCase()}` : '';
    args.push('--tmpfs', `${mount.mountPath}:rw,mode=1777${size}`);
  }
  return args;
}

/** A random value of letters and digits starting with a letter (safe in a URL and as a NATS config value). */
const randomSecret = (bytes) => `s${randomBytes(bytes).toString('hex')}`;

/** One container the bench starts, kills and starts again by name. */
class Container {
  constructor(runtime, name, runArgs, env = {}) {
    this.runtime = runtime;
    this.containerName = `${runtime.prefix}-${name}`;
    this.runArgs = runArgs;
    this.env = env;
    this.created = false;
  }

  /** `docker run -d` the first time, `docker start` after a kill. */
  async launch() {
    if (this.created) {
      await docker(['start', this.containerName]);
      return;
    }
    this.created = true;
    await docker(['run', '-d', '--name', this.containerName, '--label', this.runtime.label, '--network', this.runtime.network,
      ...Object.keys(this.env).flatMap((name) => ['-e', name]), ...this.runArgs], { env: this.env });
  }

  /** A crash: SIGKILL, resolved once the container has stopped. */
  async kill() {
    await docker(['kill', '--signal', 'KILL', this.containerName]).catch(() => undefined);
    await docker(['wait', this.containerName]).catch(() => undefined);
  }

  /** Fails with the container's last log lines when it is no longer running. */
  async checkRunning(what) {
    const state = await docker(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', this.containerName]);
    if (!state.startsWith('running')) throw new Error(`${what} stopped (${state}) before it was ready; its last lines:\n${await this.logTail()}`);
  }

  async logTail() {
    const answer = spawnSync('docker', ['logs', '--tail', '30', this.containerName], { encoding: 'utf8' });
    return lastLines(`${answer.stdout ?? ''}${answer.stderr ?? ''}` || '(no log)');
  }

  /** Waits for `ready()` (a probe), checking now and then that the container still runs. */
  async waitReady(what, timeoutMs, ready) {
    let checks = 0;
    await waitFor(what, timeoutMs, async () => {
      if (++checks % 10 === 0) await this.checkRunning(this.name ?? this.containerName);
      return ready();
    }, () => `; its container ${this.containerName}`);
  }
}

/** One replica of a service: its container, ready when its readiness probe (published on the host) answers 200. */
class ContainerReplica extends Container {
  constructor(runtime, project, index, runArgs, env, readyUrl) {
    super(runtime, `${project}-${index + 1}`, runArgs, env);
    this.project = project;
    this.name = `${project} #${index + 1}`;
    this.readyUrl = readyUrl;
  }

  async start() {
    await this.launch();
    const timeoutMs = START_TIMEOUT_MS[this.project] ?? START_TIMEOUT_MS.default;
    await this.waitReady(`${this.name} to be ready at ${this.readyUrl}`, timeoutMs, async () => {
      const response = await fetch(this.readyUrl, { signal: AbortSignal.timeout(2000) });
      return response.ok;
    }).catch(async (error) => {
      // A replica that never became ready is not left running.
      const lines = await this.logTail();
      await this.kill();
      throw new Error(`${error.message}; its last lines:\n${lines}`);
    });
  }
}

class ContainerRuntime {
  constructor({ ports, workDir, engineVersion }) {
    this.ports = ports;
    this.workDir = workDir;
    this.run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    this.prefix = `masar-bench-scale-${this.run}`;
    this.network = this.prefix;
    this.label = `masar.bench-scale=${this.run}`;
    this.definitions = serviceDefinitions();
    this.description = `containers on Docker engine ${engineVersion} (network ${this.network})`;
    this.adminPassword = randomSecret(12);
    this.sessionSecret = randomSecret(32);
    this.postgresPassword = randomSecret(12);
    this.databaseUrl = `postgres://postgres:${this.postgresPassword}@127.0.0.1:${ports.postgres}/${DATABASE}`;
    this.containers = [];
    this.volumes = [];
  }

  /** The service images (built when missing or asked for), then the run's network. */
  async prepare() {
    const rebuild = process.env.BENCH_SCALE_BUILD === '1';
    for (const project of PROJECTS) {
      const { image, target, buildArgs } = this.definitions.services[project];
      const exists = await docker(['image', 'inspect', '--format', '{{.Id}}', image]).then(() => true, () => false);
      if (exists && !rebuild) continue;
      console.log(`  docker build --target ${target} -t ${image} (${Object.values(buildArgs).join(', ')})`);
      const began = Date.now();
      // The classic builder needs no buildx plugin; DOCKER_BUILDKIT=1 in the environment chooses BuildKit.
      await docker(['build', '-q', '-f', 'deploy/docker/Dockerfile', '--target', target, ...Object.entries(buildArgs).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]), '-t', image, ROOT], {
        env: { DOCKER_BUILDKIT: process.env.DOCKER_BUILDKIT ?? '0' },
        timeoutMs: 30 * 60_000,
      });
      console.log(`    built in ${((Date.now() - began) / 1000).toFixed(0)} s`);
    }
    const images = await Promise.all(PROJECTS.map(async (project) => {
      const { image } = this.definitions.services[project];
      const [created, size] = (await docker(['image', 'inspect', '--format', '{{.Created}} {{.Size}}', image])).split(' ');
      return `${image} (${(Number(size) / 1e6).toFixed(0)} MB, built ${created.slice(0, 16).replace('T', ' ')} UTC)`;
    }));
    console.log(`  images: ${images.join(', ')}`);
    await docker(['network', 'create', '--label', this.label, this.network]);
    this.networkCreated = true;
    fs.mkdirSync(path.join(this.workDir, 'nats'));
    fs.copyFileSync(MASAR_NATS_CONFIG, path.join(this.workDir, 'nats/masar-nats.conf'));
  }

  async volume(name) {
    const volume = `${this.prefix}-${name}`;
    await docker(['volume', 'create', '--label', this.label, volume]);
    this.volumes.push(volume);
    return volume;
  }

  /** The three nodes, not started: containers of the NATS image with the passwords in their environment. */
  natsNodes(passwords) {
    const routes = Array.from({ length: NATS_NODES }, (_, other) => `nats-route://${this.prefix}-nats-${other + 1}:6222`);
    return Array.from({ length: NATS_NODES }, (_, node) => {
      const serverName = `masar-bench-${node + 1}`;
      fs.writeFileSync(path.join(this.workDir, `nats/nats-${node + 1}.conf`), natsNodeConfig({
        serverName,
        listen: '0.0.0.0:4222',
        monitor: '0.0.0.0:8222',
        clusterListen: '0.0.0.0:6222',
        routes,
        storeDir: '/data',
      }));
      const container = new Container(this, `nats-${node + 1}`, [], passwords);
      this.containers.push(container);
      const monitorUrl = `http://127.0.0.1:${this.ports.monitor(node)}`;
      return Object.assign(container, {
        node,
        serverName,
        name: `NATS server ${node + 1}`,
        url: `nats://127.0.0.1:${this.ports.nats(node)}`,
        monitorUrl,
        start: async () => {
          if (!container.created) {
            container.runArgs = [
              '-v', `${await this.volume(`nats-${node + 1}`)}:/data`,
              '-v', `${path.join(this.workDir, 'nats')}:/etc/masar:ro`,
              '-p', `127.0.0.1:${this.ports.nats(node)}:4222`,
              '-p', `127.0.0.1:${this.ports.monitor(node)}:8222`,
              this.definitions.natsImage,
              '-c', `/etc/masar/nats-${node + 1}.conf`,
            ];
          }
          await container.launch();
          // Up once its monitoring port answers (its JetStream is current only when the cluster is).
          await container.waitReady(`NATS server ${node + 1} to answer at ${monitorUrl}/varz`, 30_000, async () => (await fetch(`${monitorUrl}/varz`, { signal: AbortSignal.timeout(1000) })).ok);
        },
      });
    });
  }

  async startRedisAndPostgres() {
    const { redisImage, redisCommand, postgresImage } = this.definitions;
    const redis = new Container(this, 'redis', [redisImage, ...redisCommand]);
    const postgres = new Container(this, 'postgres', [
      '-v', `${await this.volume('postgres')}:/var/lib/postgresql/data`,
      '-p', `127.0.0.1:${this.ports.postgres}:5432`,
      postgresImage,
    ], { POSTGRES_PASSWORD: this.postgresPassword, POSTGRES_DB: DATABASE });
    this.containers.push(redis, postgres);
    await Promise.all([redis.launch(), postgres.launch()]);
    await redis.waitReady('Redis to answer PING', 30_000, async () => (await docker(['exec', redis.containerName, 'redis-cli', 'ping'])) === 'PONG');
    // Over TCP from the host: the image's first-start server (creating the database) listens on its socket only.
    await postgres.waitReady('PostgreSQL to take connections', 90_000, async () => {
      const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 2000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } finally {
        await client.end().catch(() => undefined);
      }
    });
    this.redisUrl = `redis://${redis.containerName}:6379`;
    this.serviceDatabaseUrl = `postgres://postgres:${this.postgresPassword}@${postgres.containerName}:5432/${DATABASE}`;
  }

  /** Replica `index` of `project` (not started) with `settings`, its own NATS password and the stack's addresses. */
  replica(project, index, { passwords, settings }, natsNode) {
    const { image, configEnv, securityArgs } = this.definitions.services[project];
    const passwordVariable = natsPasswordVariable(project.replace(/^svc-/, ''));
    const env = {
      ...configEnv,
      ...settings,
      [passwordVariable]: passwords[passwordVariable],
      NATS_URL: `nats://${this.prefix}-nats-${natsNode + 1}:4222`,
      REDIS_URL: this.redisUrl,
      DATABASE_URL: this.serviceDatabaseUrl,
      ...(project === 'svc-identity' ? { ADMIN_PASSWORD: this.adminPassword } : {}),
      ...(project === 'svc-gateway' ? { SESSION_SECRET: this.sessionSecret } : {}),
    };
    const gateway = project === 'svc-gateway';
    const hostPort = gateway ? this.ports.gateway(index) : this.ports.probe(PROJECTS.indexOf(project), index);
    const containerPort = gateway ? env.PORT : env.PROBE_PORT;
    const readyUrl = gateway ? `http://127.0.0.1:${hostPort}/api/health/ready` : `http://127.0.0.1:${hostPort}/readyz`;
    const replica = new ContainerReplica(this, project, index, [...securityArgs, '-p', `127.0.0.1:${hostPort}:${containerPort}`, image], env, readyUrl);
    this.containers.push(replica);
    return replica;
  }

  /** Removes every container, volume and network of the run. */
  async cleanUp() {
    const ids = (await docker(['ps', '-aq', '--filter', `label=${this.label}`]).catch(() => '')).split('\n').filter(Boolean);
    if (ids.length > 0) await docker(['rm', '-f', '-v', ...ids]).catch((error) => console.error(`cleaning up: ${error.message}`));
    if (this.volumes.length > 0) await docker(['volume', 'rm', '-f', ...this.volumes]).catch((error) => console.error(`cleaning up: ${error.message}`));
    if (this.networkCreated) await docker(['network', 'rm', this.network]).catch((error) => console.error(`cleaning up: ${error.message}`));
    this.cleaned = true;
  }

  /** At exit, whatever cleaning up could not remove. */
  killNow() {
    if (this.cleaned) return;
    const ids = spawnSync('docker', ['ps', '-aq', '--filter', `label=${this.label}`], { encoding: 'utf8' }).stdout?.split('\n').filter(Boolean) ?? [];
    if (ids.length > 0) spawnSync('docker', ['rm', '-f', '-v', ...ids]);
    if (this.volumes.length > 0) spawnSync('docker', ['volume', 'rm', '-f', ...this.volumes]);
    spawnSync('docker', ['network', 'rm', this.network]);
  }

  /** Writes each container's log to `folder`. */
  saveLogs(folder) {
    for (const container of this.containers.filter((candidate) => candidate.created)) {
      const answer = spawnSync('docker', ['logs', container.containerName], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      fs.writeFileSync(path.join(folder, `${container.containerName.slice(this.prefix.length + 1)}.log`), `${answer.stdout ?? ''}${answer.stderr ?? ''}`);
    }
  }
}

module.exports = { ContainerRuntime, dockerEngineVersion };
