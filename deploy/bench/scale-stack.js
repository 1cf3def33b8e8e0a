// What both runtimes of `npm run bench:scale` share (scale-processes.js runs the stack as processes,
// scale-containers.js in containers): the host ports the bench reaches the stack on, the NATS cluster's
// configuration, what a node's monitoring port says of JetStream, the stream and buckets created as
// NACK declares them, and waiting with a time limit that says what was waited for.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { connect, nanos, RetentionPolicy, StorageType } = require('nats');
const YAML = require('yaml');
const { SERVICES } = require('../local/platform');

const NATS_NODES = 3;
/** The services, then the gateway: the order replicas start and are killed in. */
const PROJECTS = [...SERVICES, 'svc-gateway'];
const START_TIMEOUT_MS = { 'svc-courses': 180_000, default: 90_000 };

/** The host ports from `base` up: the same layout whichever runtime the stack runs in. */
function portsFrom(base) {
  return {
    nats: (node) => base + node,
    route: (node) => base + 3 + node,
    monitor: (node) => base + 6 + node,
    redis: base + 9,
    gateway: (replica) => base + 10 + replica,
    postgres: base + 12,
    probe: (serviceIndex, replica) => base + 20 + serviceIndex * 2 + replica,
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` resolves truthy, at most `timeoutMs`; then fails with `what` and `detail()`. */
async function waitFor(what, timeoutMs, check, detail = () => '') {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result) return result;
    } catch (error) {
      lastError = error;
    }
    await sleep(200);
  }
  const why = lastError ? ` (last error: ${lastError.message})` : '';
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}${why}${detail()}`);
}

/** The last `lines` lines of a text. */
function lastLines(text, lines = 15) {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * One node's nats-server configuration: cluster routes to all three, JetStream on file storage in
 * `storeDir`, and Masar's users from masar-nats.conf, included from beside this file (nats-server
 * resolves an include relative to the including file).
 */
function natsNodeConfig({ serverName, listen, monitor, clusterListen, routes, storeDir }) {
  return [
    `server_name: ${serverName}`,
    `listen: ${listen}`,
    `http: ${monitor}`,
    `jetstream { store_dir: ${JSON.stringify(storeDir)} }`,
    `cluster { name: masar-bench, listen: ${clusterListen}, routes: [${routes.join(', ')}] }`,
    'include ./masar-nats.conf',
    '',
  ].join('\n');
}

/** What a running node's monitoring port says of JetStream: the meta leader and each stream's leader. */
async function jetStreamView(monitorUrl) {
  const response = await fetch(`${monitorUrl}/jsz?accounts=true&streams=true`, { signal: AbortSignal.timeout(1000) });
  const body = await response.json();
  const streams = (body.account_details ?? []).flatMap((account) => account.stream_detail ?? []);
  return {
    metaLeader: body.meta_cluster?.leader,
    streams: Object.fromEntries(streams.map((stream) => [stream.name, stream.cluster ?? {}])),
  };
}

/** The stream and buckets NACK declares in a cluster (deploy/k8s/dependencies/jetstream.yaml), created as that file says. */
async function createDeclaredJetStreamAssets(natsUrl, passwords) {
  const declared = YAML.parseAllDocuments(fs.readFileSync(path.join(__dirname, '../k8s/dependencies/jetstream.yaml'), 'utf8')).map((doc) => doc.toJSON());
  // The gateway's user may manage MASAR_EVENTS and every bucket (deploy/nats/masar-nats.conf): no extra user is needed.
  // Only this node: the addresses the cluster gossips may be ones only the stack's own network reaches.
  const connection = await connect({
    servers: natsUrl,
    user: 'svc-gateway',
    pass: passwords.MASAR_NATS_GATEWAY_PASSWORD,
    inboxPrefix: '_INBOX_svc-gateway',
    ignoreClusterUpdates: true,
  });
  const created = [];
  try {
    const manager = await connection.jetstreamManager();
    for (const { kind, spec } of declared) {
      if (kind === 'Stream') {
        await manager.streams.add({
          name: spec.name,
          subjects: spec.subjects,
          storage: spec.storage === 'file' ? StorageType.File : StorageType.Memory,
          retention: spec.retention === 'limits' ? RetentionPolicy.Limits : RetentionPolicy.Workqueue,
          num_replicas: spec.replicas,
        });
        created.push(`${spec.name} (R${spec.replicas})`);
      } else if (kind === 'ObjectStore') {
        await connection.jetstream().views.os(spec.bucket, { replicas: spec.replicas, ...(spec.ttl ? { ttl: nanos(durationMs(spec.ttl)) } : {}) });
        created.push(`${spec.bucket} (R${spec.replicas})`);
      }
    }
  } finally {
    await connection.close();
  }
  return created;
}

/** "1h", "30m", "45s" as milliseconds. */
function durationMs(text) {
  const match = /^(\d+)(h|m|s)$/.exec(String(text));
  if (!match) throw new Error(`jetstream.yaml: a duration "${text}" this bench cannot read`);
  return Number(match[1]) * { h: 3_600_000, m: 60_000, s: 1000 }[match[2]];
}

module.exports = {
  NATS_NODES,
  PROJECTS,
  START_TIMEOUT_MS,
  portsFrom,
  sleep,
  waitFor,
  lastLines,
  natsNodeConfig,
  jetStreamView,
  createDeclaredJetStreamAssets,
};
