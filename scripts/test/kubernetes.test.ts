import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '@nomadswap/contracts/routes';
import { loadAuthConfig } from '../../services/auth/src/config';
import { loadItemsConfig } from '../../services/items/src/config';
import { loadMessagingConfig } from '../../services/messaging/src/config';
import { loadModerationConfig } from '../../services/moderation/src/config';
import { loadGatewayConfig } from '../../gateway/src/config';
import { ROOT } from '../lib/stack';

/**
 * deploy/k8s (issue 25, "past one machine"): the kustomize base and the production overlay, rendered by
 * `kubectl kustomize` as `kubectl apply -k` would, validated against the Kubernetes API schemas
 * (kubernetes-models) and checked for what the schemas cannot see: every workload's configuration loads with
 * the environment its manifest gives, selectors, ports, probes, autoscalers and budgets point at real things.
 */

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML, checked field by field below
  spec?: any;
  data?: Record<string, string>;
};

const OVERLAYS = ['base', 'production'] as const;
const SERVICES = ['auth', 'items', 'messaging', 'moderation'] as const;
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet']);
/** The kinds the overlay asks of the stores' operators (not in the Kubernetes API schemas). */
const OPERATOR_KINDS = new Set([
  'mongodbcommunity.mongodb.com/v1/MongoDBCommunity',
  'redis.redis.opstreelabs.in/v1beta2/Redis',
]);

function render(overlay: string): K8sObject[] {
  const result = spawnSync('kubectl', ['kustomize', path.join(ROOT, 'deploy/k8s', overlay)], {
    encoding: 'utf8',
  });
  if (result.error)
    throw new Error(`kubectl must be installed (Debian: kubernetes-client): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`kubectl kustomize ${overlay} failed: ${result.stderr}`);
  return parseAllDocuments(result.stdout).map((doc) => doc.toJS() as K8sObject);
}

const rendered = {} as Record<(typeof OVERLAYS)[number], K8sObject[]>;
beforeAll(() => {
  for (const overlay of OVERLAYS) rendered[overlay] = render(overlay);
});

/** The kubernetes-models class of an object (`apps/v1` Deployment → kubernetes-models/apps/v1). */
async function modelOf(object: K8sObject) {
  const group = object.apiVersion.includes('/') ? object.apiVersion : `v1`;
  const module = (await import(`kubernetes-models/${group}`)) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >;
  return module[object.kind];
}

const workloads = (objects: K8sObject[]) => objects.filter((object) => WORKLOAD_KINDS.has(object.kind));
const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** A value of the right shape for each secret key the manifests reference (the real ones live in the cluster). */
const SECRET_SAMPLES: Record<string, string> = {
  JWT_SECRET: 'k'.repeat(48),
  ADMIN_EMAIL: 'admin@nomadswap.app',
  ADMIN_PASSWORD: 'p'.repeat(16),
  SMTP_URL: 'smtp://mailer:secret@smtp.nomadswap.app:587',
  'connectionString.standard':
    'mongodb://svc:secret@nomadswap-mongodb-0.nomadswap-mongodb-svc:27017/admin?replicaSet=nomadswap-mongodb',
  REDIS_AUTH_PASSWORD: 'redis-auth',
  REDIS_ITEMS_PASSWORD: 'redis-items',
  REDIS_MESSAGING_PASSWORD: 'redis-messaging',
  REDIS_MODERATION_PASSWORD: 'redis-moderation',
  REDIS_GATEWAY_PASSWORD: 'redis-gateway',
  // The shapes of a P-256 key pair in base64url (`npx web-push generate-vapid-keys`).
  VAPID_PUBLIC_KEY: 'B'.repeat(87),
  VAPID_PRIVATE_KEY: 'p'.repeat(43),
};

interface EnvEntry {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
  };
}

/** The environment a container gets, as the kubelet builds it: envFrom first, then env with $(VAR) expanded. */
function containerEnv(
  objects: K8sObject[],
  container: { envFrom?: { configMapRef?: { name: string } }[]; env?: EnvEntry[] },
) {
  const env: Record<string, string> = {};
  const configMap = (name: string) => {
    const map = named(objects, 'ConfigMap', name);
    if (!map) throw new Error(`ConfigMap ${name} is not in the manifests`);
    return map.data ?? {};
  };
  for (const source of container.envFrom ?? []) {
    if (!source.configMapRef) throw new Error('only ConfigMaps are used as envFrom');
    Object.assign(env, configMap(source.configMapRef.name));
  }
  for (const entry of container.env ?? []) {
    if (entry.value !== undefined) {
      env[entry.name] = entry.value.replace(/\$\((\w+)\)/g, (whole, name: string) => env[name] ?? whole);
    } else if (entry.valueFrom?.secretKeyRef) {
      const sample = SECRET_SAMPLES[entry.valueFrom.secretKeyRef.key];
      if (sample === undefined)
        throw new Error(`no sample for secret key ${entry.valueFrom.secretKeyRef.key}`);
      env[entry.name] = sample;
    } else if (entry.valueFrom?.configMapKeyRef) {
      const { name, key } = entry.valueFrom.configMapKeyRef;
      const value = configMap(name)[key];
      if (value === undefined) throw new Error(`ConfigMap ${name} has no ${key}`);
      env[entry.name] = value;
    }
  }
  return env;
}

/** Which configuration a container runs with, from its image (ghcr.io/nomadswap/<service>). */
const LOADERS: Record<string, (env: NodeJS.ProcessEnv) => object> = {
  auth: loadAuthConfig,
  items: loadItemsConfig,
  messaging: loadMessagingConfig,
  moderation: loadModerationConfig,
  gateway: loadGatewayConfig,
};
const serviceOfImage = (image: string) => /(?:^|\/)(?:nomadswap-)?(\w+)(?::[\w.-]+)?$/.exec(image)?.[1] ?? '';

/** Every string in a loaded configuration (arrays of upstream URLs included). */
const stringsOf = (config: object): string[] =>
  Object.values(config).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [],
  );

describe.each(OVERLAYS)('deploy/k8s/%s', (overlay) => {
  const objects = () => rendered[overlay];

  it('renders, and every object of the Kubernetes API is valid against its schema', async () => {
    expect(objects().length).toBeGreaterThan(20);
    for (const object of objects()) {
      if (OPERATOR_KINDS.has(`${object.apiVersion}/${object.kind}`)) continue;
      const Model = await modelOf(object);
      expect(Model, `${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model!(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow();
    }
  });

  it('runs every service and the gateway, a worker for each service that has one, from the right image', () => {
    const images = new Map(
      workloads(objects()).map((workload) => [
        workload.metadata.name,
        workload.spec.template.spec.containers[0].image as string,
      ]),
    );
    for (const service of [...SERVICES, 'gateway'])
      expect(serviceOfImage(images.get(service) ?? '')).toBe(service);
    for (const service of SERVICES) {
      const hasWorker = fs.existsSync(path.join(ROOT, `services/${service}/src/worker.ts`));
      expect(images.has(`${service}-worker`), `${service}-worker`).toBe(hasWorker);
      if (hasWorker) {
        const worker = named(objects(), 'Deployment', `${service}-worker`)!;
        expect(worker.spec.template.spec.containers[0].command).toContain(
          `services/${service}/src/worker.ts`,
        );
      }
    }
  });

  it("every container's configuration loads from the environment its manifest gives, none left on a loopback default", () => {
    for (const workload of workloads(objects())) {
      for (const container of workload.spec.template.spec.containers) {
        const service = serviceOfImage(container.image);
        const load = LOADERS[service];
        expect(load, `${workload.metadata.name}: image ${container.image}`).toBeDefined();
        const env = containerEnv(objects(), container);
        let config: object = {};
        expect(() => (config = load!(env)), workload.metadata.name).not.toThrow();
        const local = stringsOf(config).filter((value) => /127\.0\.0\.1|localhost/.test(value));
        expect(local, `${workload.metadata.name} keeps a local default`).toEqual([]);
        // Each logs in to Redis as its own ACL user (docs/operations.md, "Redis users").
        const user = service === 'gateway' ? 'gateway' : service;
        expect(env.REDIS_URL, workload.metadata.name).toMatch(new RegExp(`^redis://${user}:redis-${user}@`));
      }
    }
  });

  it('selectors match their pods; Services, probes and the Ingress name real ports', () => {
    for (const workload of workloads(objects())) {
      const { selector, template } = workload.spec;
      expect(matches(selector.matchLabels, template.metadata.labels), workload.metadata.name).toBe(true);
      for (const container of template.spec.containers) {
        const ports = new Set((container.ports ?? []).map((port: { name: string }) => port.name));
        for (const probe of [container.readinessProbe, container.livenessProbe].filter(Boolean)) {
          expect(ports.has((probe.httpGet ?? probe.tcpSocket).port), `${workload.metadata.name} probe`).toBe(
            true,
          );
        }
        expect(container.resources?.requests?.cpu, workload.metadata.name).toBeDefined();
        expect(container.resources?.limits?.memory, workload.metadata.name).toBeDefined();
      }
      // Services with a port are probed for readiness and liveness; workers have no port.
      const served = template.spec.containers[0].ports?.length > 0;
      if (served) expect(template.spec.containers[0].readinessProbe, workload.metadata.name).toBeDefined();
    }
    for (const service of objects().filter((object) => object.kind === 'Service')) {
      const targets = workloads(objects()).filter((workload) =>
        matches(service.spec.selector, workload.spec.template.metadata.labels),
      );
      expect(
        targets.map((target) => target.metadata.name),
        `Service ${service.metadata.name}`,
      ).toHaveLength(1);
      const portNames = targets[0]!.spec.template.spec.containers[0].ports.map(
        (port: { name: string }) => port.name,
      );
      for (const port of service.spec.ports) expect(portNames).toContain(port.targetPort);
    }
    const ingress = objects().find((object) => object.kind === 'Ingress')!;
    for (const rule of ingress.spec.rules) {
      for (const { backend } of rule.http.paths) {
        const service = named(objects(), 'Service', backend.service.name);
        expect(service?.spec.ports.map((port: { name: string }) => port.name)).toContain(
          backend.service.port.name,
        );
      }
    }
  });

  it('the Ingress lets the largest upload through and keeps chat connections open', () => {
    const annotations = objects().find((object) => object.kind === 'Ingress')!.metadata.annotations ?? {};
    const size = /^(\d+)m$/.exec(annotations['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '');
    expect(Number(size?.[1]) * 1024 * 1024).toBeGreaterThanOrEqual(BODY_LIMITS.images);
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(
      3600,
    );
  });

  it('every autoscaler scales a Deployment that exists, never messaging; every served workload has a budget', () => {
    const autoscalers = objects().filter((object) => object.kind === 'HorizontalPodAutoscaler');
    for (const hpa of autoscalers) {
      const target = named(objects(), hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name);
      expect(target?.kind, `HPA ${hpa.metadata.name}`).toBe('Deployment');
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
    }
    expect(autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name)).not.toContain('messaging');
    const budgets = objects().filter((object) => object.kind === 'PodDisruptionBudget');
    for (const workload of workloads(objects())) {
      if (!workload.spec.template.spec.containers[0].ports) continue;
      const budget = budgets.find((pdb) =>
        matches(pdb.spec.selector.matchLabels, workload.spec.template.metadata.labels),
      );
      expect(budget, `PodDisruptionBudget for ${workload.metadata.name}`).toBeDefined();
      expect(budget!.spec.minAvailable).toBeLessThan(workload.spec.replicas);
    }
  });

  it('messaging runs with web push on (all three VAPID variables set)', () => {
    const messaging = named(objects(), 'StatefulSet', 'messaging')!;
    const config = loadMessagingConfig(containerEnv(objects(), messaging.spec.template.spec.containers[0]));
    expect([config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY, config.VAPID_SUBJECT].every(Boolean)).toBe(
      true,
    );
  });

  it("the gateway's MESSAGING_URL names exactly the messaging StatefulSet's replicas (sticky Socket.IO)", () => {
    const messaging = named(objects(), 'StatefulSet', 'messaging')!;
    const gateway = named(objects(), 'Deployment', 'gateway')!;
    const env = containerEnv(objects(), gateway.spec.template.spec.containers[0]);
    const expected = Array.from(
      { length: messaging.spec.replicas },
      (_, index) => `http://messaging-${index}.${messaging.spec.serviceName}:4003`,
    );
    expect(env.MESSAGING_URL?.split(',')).toEqual(expected);
    expect(named(objects(), 'Service', messaging.spec.serviceName)?.spec.clusterIP).toBe('None');
  });
});

describe('deploy/k8s/production stores and secrets', () => {
  const objects = () => rendered.production;

  it('puts everything in the nomadswap namespace', () => {
    const outside = objects().filter(
      (object) => object.kind !== 'Namespace' && object.metadata.namespace !== 'nomadswap',
    );
    expect(outside.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual([]);
  });

  it('MongoDB is a replica set with one user per service, allowed only its database, whose URL the service reads', () => {
    const mongo = objects().find((object) => object.kind === 'MongoDBCommunity')!;
    expect(mongo.spec.type).toBe('ReplicaSet');
    expect(mongo.spec.members).toBeGreaterThanOrEqual(3);
    for (const service of SERVICES) {
      const user = mongo.spec.users.find((entry: { name: string }) => entry.name === service);
      expect(user?.roles, service).toEqual([{ name: 'readWrite', db: `nomadswap_${service}` }]);
      const workload = workloads(objects()).find((entry) => entry.metadata.name === service)!;
      const container = workload.spec.template.spec.containers[0];
      const mongoUrl = container.env.find((entry: EnvEntry) => entry.name === 'MONGO_URL');
      expect(mongoUrl.valueFrom.secretKeyRef.name).toBe(user.connectionStringSecretName);
      const db = container.env.find((entry: EnvEntry) => entry.name === 'MONGO_DB');
      expect(db.value).toBe(`nomadswap_${service}`);
    }
  });

  it('Redis never evicts (BullMQ queues live there), appends to disk, and takes its users from a Secret', () => {
    const redis = objects().find((object) => object.kind === 'Redis')!;
    const config = named(objects(), 'ConfigMap', redis.spec.redisConfig.additionalRedisConfig)!;
    const text = Object.values(config.data ?? {}).join('\n');
    expect(text).toMatch(/^maxmemory-policy noeviction$/m);
    expect(text).toMatch(/^appendonly yes$/m);
    expect(redis.spec.acl.secret.secretName).toBe('nomadswap-redis-acl');
  });

  it('every Secret the manifests read is documented in docs/operations.md, and none is in the manifests', () => {
    expect(objects().filter((object) => object.kind === 'Secret')).toEqual([]);
    const docs = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const references = new Set<string>();
    for (const workload of workloads(objects())) {
      for (const entry of workload.spec.template.spec.containers[0].env ?? []) {
        const ref = (entry as EnvEntry).valueFrom?.secretKeyRef;
        if (ref)
          references.add(
            ref.name.startsWith('nomadswap-mongodb-')
              ? 'nomadswap-mongodb-<service>'
              : `${ref.name} ${ref.key}`,
          );
      }
    }
    for (const reference of references) {
      for (const word of reference.split(' ')) expect(docs, reference).toContain(word);
    }
  });
});
