// The Kubernetes manifests as a cluster would receive them: each overlay rendered by `kubectl kustomize`,
// every object checked against the Kubernetes schemas (kubernetes-models), then Masar's own rules:
// probes, resources and a locked-down security context on every workload, an autoscaler and a
// disruption budget per Deployment, network policies that let only the web front and the gateway be
// reached, secrets referenced and never written here, each process with its own NATS password.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const K8S = __dirname;
const OVERLAYS = ['development', 'production'];
const SERVICES = ['identity', 'jobs', 'courses', 'ai', 'progress'];
const DEPLOYMENTS = ['gateway', ...SERVICES, 'web'];
const NATS_USERS = ['gateway', ...SERVICES];
/** The Secrets the manifests reference; they are created in the cluster (deploy/README.md, "Kubernetes"). */
const REFERENCED_SECRETS = ['masar-secrets', 'masar-nats-credentials', 'masar-postgres-app', 'masar-redis'];
/** Ports the services may reach in masar-data: NATS, PostgreSQL, Redis. */
const DATA_PORTS = [4222, 5432, 6379];
/** Custom resources of the operators Masar relies on (CloudNativePG, NACK): no schema in kubernetes-models. */
const OPERATOR_KINDS = ['postgresql.cnpg.io/v1 Cluster', 'jetstream.nats.io/v1beta2 Stream', 'jetstream.nats.io/v1beta2 ObjectStore'];

/** `kubectl kustomize <dir>`, parsed; fails with a clear message when kubectl is missing. */
function render(directory) {
  const result = spawnSync('kubectl', ['kustomize', directory], { encoding: 'utf8' });
  if (result.error && result.error.code === 'ENOENT') {
    throw new Error('kubectl is not installed: the Kubernetes manifests cannot be rendered (.ci/run installs it; see deploy/README.md)');
  }
  if (result.status !== 0) throw new Error(`kubectl kustomize ${directory} failed: ${result.stderr}`);
  return YAML.parseAllDocuments(result.stdout).map((document) => document.toJS());
}

/** The kubernetes-models class of an object, e.g. apps/v1 Deployment → kubernetes-models/apps/v1/Deployment. */
function modelOf({ apiVersion, kind }) {
  const modulePath = `kubernetes-models/${apiVersion}/${kind}`;
  try {
    return require(modulePath)[kind];
  } catch {
    throw new Error(`${apiVersion} ${kind} is not a Kubernetes kind kubernetes-models knows`);
  }
}

const named = (objects, kind) => objects.filter((object) => object.kind === kind);
const labelsOf = (object) => object.spec.template.metadata.labels;
const selects = (selector, labels) => Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
const containersOf = (podSpec) => [...(podSpec.initContainers ?? []), ...podSpec.containers];
const secretRefsOf = (container) =>
  (container.env ?? [])
    .filter((entry) => entry.valueFrom?.secretKeyRef)
    .map((entry) => ({ variable: entry.name, secret: entry.valueFrom.secretKeyRef.name, key: entry.valueFrom.secretKeyRef.key }));

/** The names a NetworkPolicy's podSelector picks among Masar's Deployments. */
function podsSelectedBy(policy, deployments) {
  const selector = policy.spec.podSelector;
  return deployments
    .filter((deployment) => {
      const labels = labelsOf(deployment);
      const matchExpressionsHold = (selector.matchExpressions ?? []).every(
        (expression) => expression.operator === 'In' && expression.values.includes(labels[expression.key]),
      );
      return selects(selector, labels) && matchExpressionsHold;
    })
    .map((deployment) => deployment.metadata.name);
}

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  const objects = render(path.join(K8S, 'overlays', overlay));
  const deployments = named(objects, 'Deployment');
  const workloads = objects.filter((object) => ['Deployment', 'StatefulSet', 'Job', 'DaemonSet'].includes(object.kind));

  it('renders every Deployment of Masar, and only Kubernetes kinds, each valid against its schema', () => {
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual([...DEPLOYMENTS].sort());
    for (const object of objects) {
      const Model = modelOf(object);
      expect(() => new Model(object).validate()).not.toThrow();
      if (object.kind !== 'Namespace') expect(object.metadata.namespace).toBe('masar');
    }
  });

  it('gives every workload probes, resources, a non-root read-only security context, /tmp and a grace period', () => {
    for (const workload of workloads) {
      const pod = workload.spec.template.spec;
      const where = `${workload.kind} ${workload.metadata.name}`;
      expect({ where, runAsNonRoot: pod.securityContext?.runAsNonRoot }).toEqual({ where, runAsNonRoot: true });
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
      const tmp = pod.volumes.find((volume) => volume.emptyDir && containersOf(pod).every((container) =>
        container.volumeMounts?.some((mount) => mount.name === volume.name && mount.mountPath === '/tmp')));
      expect({ where, tmpIsEmptyDir: Boolean(tmp) }).toEqual({ where, tmpIsEmptyDir: true });
      for (const container of containersOf(pod)) {
        const what = `${where} container ${container.name}`;
        expect({ what, securityContext: container.securityContext }).toEqual({
          what,
          securityContext: expect.objectContaining({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } }),
        });
        expect({ what, resources: container.resources }).toEqual({
          what,
          resources: { requests: { cpu: expect.anything(), memory: expect.anything() }, limits: { cpu: expect.anything(), memory: expect.anything() } },
        });
      }
      for (const container of pod.containers) {
        const what = `${where} container ${container.name}`;
        expect({ what, readiness: Boolean(container.readinessProbe?.httpGet), liveness: Boolean(container.livenessProbe?.httpGet) }).toEqual({
          what,
          readiness: true,
          liveness: true,
        });
      }
    }
  });

  it('probes the health endpoints the processes serve', () => {
    const probesOf = (name) => {
      const [container] = deployments.find((deployment) => deployment.metadata.name === name).spec.template.spec.containers;
      return [container.readinessProbe.httpGet.path, container.livenessProbe.httpGet.path];
    };
    // The service kit's probe server (contracts/src/service-kit/service-probes.ts), on PROBE_PORT.
    for (const service of SERVICES) expect(probesOf(service)).toEqual(['/readyz', '/livez']);
    // svc-gateway/src/health/health.controller.ts.
    expect(probesOf('gateway')).toEqual(['/api/health/ready', '/api/health/live']);
    // deploy/docker/nginx.conf.
    expect(probesOf('web')).toEqual(['/healthz', '/healthz']);
    expect(fs.readFileSync(path.join(K8S, '../docker/nginx.conf'), 'utf8')).toMatch(/location = \/healthz \{/);
    const config = named(objects, 'ConfigMap').find((map) => map.metadata.name.startsWith('masar-services-'));
    expect(config.data.PROBE_PORT).toBe('9000');
  });

  it('migrates each service schema in an init container before the service starts', () => {
    for (const service of SERVICES) {
      const pod = deployments.find((deployment) => deployment.metadata.name === service).spec.template.spec;
      expect(pod.initContainers).toEqual([
        expect.objectContaining({ name: 'migrate', image: pod.containers[0].image, command: ['node', `svc-${service}/dist/main.js`, 'migrate'] }),
      ]);
    }
  });

  it('gives every Deployment an autoscaling/v2 autoscaler and a disruption budget', () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const autoscaler = named(objects, 'HorizontalPodAutoscaler').find((hpa) => hpa.spec.scaleTargetRef.name === name);
      expect({ name, apiVersion: autoscaler?.apiVersion, kind: autoscaler?.spec.scaleTargetRef.kind }).toEqual({
        name,
        apiVersion: 'autoscaling/v2',
        kind: 'Deployment',
      });
      expect(autoscaler.spec.maxReplicas).toBeGreaterThan(autoscaler.spec.minReplicas);
      const budget = named(objects, 'PodDisruptionBudget').find((pdb) => selects(pdb.spec.selector, labelsOf(deployment)));
      expect({ name, budget: Boolean(budget) }).toEqual({ name, budget: true });
    }
  });

  it('lets only the web front and the gateway be reached, and the services reach only DNS, NATS, PostgreSQL and Redis', () => {
    const policies = named(objects, 'NetworkPolicy');
    const denyAll = policies.find((policy) => Object.keys(policy.spec.podSelector).length === 0 && !policy.spec.ingress && !policy.spec.egress);
    expect(denyAll?.spec.policyTypes).toEqual(['Ingress', 'Egress']);

    const reachable = policies.filter((policy) => policy.spec.ingress?.length).flatMap((policy) => podsSelectedBy(policy, deployments));
    expect([...new Set(reachable)].sort()).toEqual(['gateway', 'web']);

    for (const policy of policies.filter((candidate) => candidate.spec.egress?.length)) {
      const selected = podsSelectedBy(policy, deployments);
      for (const rule of policy.spec.egress) {
        const ports = rule.ports.map((port) => port.port);
        const toDns = ports.every((port) => port === 53) && rule.to.every((peer) => peer.namespaceSelector?.matchLabels['kubernetes.io/metadata.name'] === 'kube-system');
        const toData = ports.every((port) => DATA_PORTS.includes(port)) && rule.to.every((peer) => peer.namespaceSelector?.matchLabels['kubernetes.io/metadata.name'] === 'masar-data');
        const webToGateway = selected.every((name) => name === 'web') && ports.every((port) => port === 8080);
        // Production only: svc-ai's calls to an OpenAI-compatible model over HTTPS.
        const aiToModel = overlay === 'production' && policy.metadata.name === 'ai-to-model-api' && selected.join() === 'ai' && ports.join() === '443';
        expect({ policy: policy.metadata.name, rule, allowed: toDns || toData || webToGateway || aiToModel }).toEqual({
          policy: policy.metadata.name,
          rule,
          allowed: true,
        });
      }
    }
    const toData = policies.find((policy) => policy.metadata.name === 'services-to-data');
    expect(podsSelectedBy(toData, deployments).sort()).toEqual(['gateway', ...SERVICES].sort());
  });

  it('references its secrets and writes none, and signs each process in to NATS with its own password only', () => {
    expect(named(objects, 'Secret')).toEqual([]);
    for (const deployment of deployments) {
      for (const container of containersOf(deployment.spec.template.spec)) {
        for (const ref of secretRefsOf(container)) expect(REFERENCED_SECRETS).toContain(ref.secret);
        expect(container.env?.filter((entry) => 'value' in entry && /PASSWORD|SECRET|API_KEY/.test(entry.name)) ?? []).toEqual([]);
      }
    }
    const natsConfig = fs.readFileSync(path.join(K8S, '../nats/masar-nats.conf'), 'utf8');
    for (const user of NATS_USERS) {
      const variable = `MASAR_NATS_${user.toUpperCase()}_PASSWORD`;
      expect(natsConfig).toContain(`user: "svc-${user}"\n      password: $${variable}`);
      const [container] = deployments.find((deployment) => deployment.metadata.name === user).spec.template.spec.containers;
      const natsPasswords = secretRefsOf(container).filter((ref) => ref.secret === 'masar-nats-credentials');
      expect(natsPasswords).toEqual([{ variable, secret: 'masar-nats-credentials', key: variable }]);
    }
  });
});

describe('the dependencies (deploy/k8s/dependencies)', () => {
  const objects = render(path.join(K8S, 'dependencies'));
  const values = (file) => YAML.parse(fs.readFileSync(path.join(K8S, 'dependencies', file), 'utf8'));

  it('are Kubernetes objects valid against their schemas, or the custom resources of CloudNativePG and NACK', () => {
    for (const object of objects) {
      const kind = `${object.apiVersion} ${object.kind}`;
      if (OPERATOR_KINDS.includes(kind)) continue;
      const Model = modelOf(object);
      expect(() => new Model(object).validate()).not.toThrow();
    }
    expect(objects.every((object) => object.kind === 'Namespace' || object.metadata.namespace === 'masar-data')).toBe(true);
  });

  it('run PostgreSQL as a three-instance CloudNativePG cluster owning the masar database', () => {
    const [cluster] = objects.filter((object) => object.kind === 'Cluster');
    expect(cluster.metadata.name).toBe('masar-postgres');
    expect(cluster.spec).toMatchObject({ instances: 3, bootstrap: { initdb: { database: 'masar', owner: 'masar' } } });
  });

  it("keep Masar's stream and every object-store bucket at three replicas on file storage", () => {
    const read = (file) => fs.readFileSync(path.join(K8S, '../../contracts/src', file), 'utf8');
    const buckets = [
      ...`${read('jobs/jobs.ts')}${read('courses/course-authoring.ts')}${read('ai/narration.ts')}${read('courses/lesson-video.ts')}${read('courses/lesson-practice.ts')}`.matchAll(
        /_BUCKET = '([a-z-]+)'/g,
      ),
    ].map((match) => match[1]);
    const stores = objects.filter((object) => object.kind === 'ObjectStore');
    expect(stores.map((store) => store.spec.bucket)).toEqual(expect.arrayContaining([...buckets, 'course-images']));
    const [stream] = objects.filter((object) => object.kind === 'Stream');
    expect(stream.spec).toMatchObject({ name: 'MASAR_EVENTS', subjects: ['masar.events.>'], storage: 'file' });
    for (const resource of [stream, ...stores]) expect(resource.spec).toMatchObject({ replicas: 3, storage: 'file' });
  });

  it('configure the NATS chart with three servers, JetStream on file storage and Masar\'s users', () => {
    const nats = values('nats-values.yaml');
    expect(nats.config.cluster).toEqual({ enabled: true, replicas: 3 });
    expect(nats.config.jetstream).toMatchObject({ enabled: true, fileStore: { enabled: true, pvc: { enabled: true } } });
    expect(nats.config.merge.$include).toBe('./masar/masar-nats.conf');
    expect(Object.keys(nats.container.env).sort()).toEqual(NATS_USERS.map((user) => `MASAR_NATS_${user.toUpperCase()}_PASSWORD`).sort());
  });

  it('configure Redis with its password from a Secret and a volume for the queues', () => {
    const redis = values('redis-values.yaml');
    expect(redis).toMatchObject({ fullnameOverride: 'masar-redis', auth: { enabled: true, existingSecret: 'masar-redis' }, master: { persistence: { enabled: true } } });
  });
});
