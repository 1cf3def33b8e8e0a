// A nats-server and a redis-server of the caller's own, on free loopback ports, that it can stop and
// start again on the same port: fault tests restart these, never the machine's shared 4222/6379.
// Masar's own NATS is one of them: nats-server with deploy/nats/masar-nats.conf (one user per
// process, subject permissions), started by the launcher, the test runner and the fault drill.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * One server process on a fixed port: `start()` waits until the port accepts connections,
 * `stop(signal)` until the process has exited (SIGKILL is a crash, SIGTERM a clean stop).
 */
class OwnServer {
  constructor(name, command, args, port, dataDir, env = process.env) {
    this.name = name;
    this.command = command;
    this.args = args;
    this.port = port;
    this.dataDir = dataDir;
    this.env = env;
    this.child = undefined;
    this.output = [];
  }

  async start(timeoutMs = 10_000) {
    if (this.running()) return;
    const child = spawn(this.command, this.args, { stdio: ['ignore', 'pipe', 'pipe'], env: this.env });
    this.child = child;
    const keep = (chunk) => {
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (!(await accepts(this.port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await this.stop('SIGKILL');
        throw new Error(`${this.name} did not start on 127.0.0.1:${this.port}:\n${this.output.slice(-20).join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  running() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async stop(signal = 'SIGTERM') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => { clearTimeout(timer); resolve(); });
      child.kill(signal);
    });
  }

  /** Stops it (SIGKILL by default: a crash), keeps it down for `downMs`, starts it again on the same port. */
  async restart(downMs, signal = 'SIGKILL') {
    await this.stop(signal);
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.start();
  }

  /** Kills it and removes its data folder, unless the folder is to be kept (npm start's JetStream store). */
  async dispose() {
    await this.stop('SIGKILL');
    if (!this.keepData) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function requireCommand(command) {
  if (spawnSync(command, ['--version'], { stdio: 'ignore' }).error) {
    throw new Error(`${command} is not on the PATH (Debian: apt-get install -y nats-server redis-server)`);
  }
}

const MASAR_NATS_CONFIG = path.join(__dirname, '../nats/masar-nats.conf');
/** The NATS users of masar-nats.conf: the gateway and the five services. */
const NATS_USERS = ['gateway', 'identity', 'jobs', 'courses', 'ai', 'progress'];

/** `MASAR_NATS_JOBS_PASSWORD`: the variable that holds a user's password (the service kit reads it). */
function natsPasswordVariable(user) {
  return `MASAR_NATS_${user.toUpperCase()}_PASSWORD`;
}

/**
 * A fresh random password for every user, as environment variables. nats-server reads a variable as
 * a config value, so a password starts with a letter (one starting with a digit is read as a number
 * and the server refuses to start).
 */
function generateNatsPasswords() {
  return Object.fromEntries(NATS_USERS.map((user) => [natsPasswordVariable(user), `p${randomBytes(24).toString('hex')}`]));
}

/**
 * `nats-server -js` on a port (a free one unless given), its JetStream store in a folder that
 * survives restarts (a scratch one unless given). With `passwords` it is Masar's own NATS: the
 * config in deploy/nats, which refuses clients without credentials and limits each user's subjects.
 */
async function startOwnNats({ port, storeDir, passwords } = {}) {
  requireCommand('nats-server');
  const chosenPort = port ?? (await freePort());
  const dataDir = storeDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'masar-own-nats-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const config = passwords ? ['-c', MASAR_NATS_CONFIG] : [];
  const args = [...config, '-a', '127.0.0.1', '-p', String(chosenPort), '-js', '-sd', dataDir];
  const server = new OwnServer('nats-server', 'nats-server', args, chosenPort, dataDir, { ...process.env, ...passwords });
  server.url = `nats://127.0.0.1:${chosenPort}`;
  server.passwords = passwords ?? {};
  server.keepData = storeDir !== undefined;
  await server.start();
  return server;
}

/** Masar's own NATS with fresh passwords (`server.passwords` holds them as MASAR_NATS_* variables). */
function startMasarNats(options = {}) {
  return startOwnNats({ ...options, passwords: options.passwords ?? generateNatsPasswords() });
}

/**
 * `redis-server` on a port (a free one unless given). With `persistent` (the default) every write goes
 * to an append-only file, as a production Redis keeps sessions and queues across a restart.
 */
async function startOwnRedis({ persistent = true, port: chosenPort } = {}) {
  requireCommand('redis-server');
  const port = chosenPort ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'masar-own-redis-'));
  const persistence = persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dataDir, ...persistence];
  const server = new OwnServer('redis-server', 'redis-server', args, port, dataDir);
  server.url = `redis://127.0.0.1:${port}`;
  await server.start();
  return server;
}

module.exports = {
  OwnServer,
  startOwnNats,
  startMasarNats,
  startOwnRedis,
  freePort,
  natsPasswordVariable,
  generateNatsPasswords,
  NATS_USERS,
  MASAR_NATS_CONFIG,
};
