/**
 * The faults (issue 14), each run against a live stack (lib.ts) and returning its figures and checks; run.ts
 * prints them (`npm run chaos`), chaos.test.ts asserts the short versions.
 */
import type { Socket } from 'socket.io-client';
import { IMAGE_JOB_OPTIONS, createQueue, createQueueListener } from '@nomadswap/service-kit/queues';
import mongoose from 'mongoose';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import {
  ITEM_FIELDS,
  api,
  connectChat,
  createUser,
  groupState,
  photo,
  sleep,
  streamEvents,
  waitFor,
  type ApiAnswer,
  type ChaosStack,
  type ChaosUser,
} from './lib';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface FaultResult {
  fault: string;
  figures: Record<string, number | string>;
  checks: Check[];
}

const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

const CONSUMER_GROUPS = ['auth', 'items', 'messaging', 'moderation'];

interface Sample {
  at: number;
  status: number;
  ms: number;
  json: boolean;
}

/** Background traffic through the gateway: `workers` loops calling `call` until stopped. */
function startLoad(workers: number, call: (n: number) => Promise<ApiAnswer>) {
  const samples: Sample[] = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const started = Date.now();
      const answer = await call(n++);
      samples.push({
        at: started,
        status: answer.status,
        ms: answer.ms,
        json: answer.contentType.includes('application/json') && answer.body !== undefined,
      });
      if (answer.status === 0) await sleep(50); // refused at the TCP level: do not spin
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function createItem(chaos: ChaosStack, user: ChaosUser, title: string, images: string[] = []) {
  return api(chaos.base, 'POST', '/api/items', user.token, { ...ITEM_FIELDS, title, images });
}

/** Polls until an item creation succeeds (the services have reconnected); undefined after a minute. */
function writeSucceeds(chaos: ChaosStack, user: ChaosUser, title: string) {
  return waitFor(
    'a write to succeed after the fault',
    async () => {
      const answer = await createItem(chaos, user, title);
      return answer.status === 201 ? answer : undefined;
    },
    60_000,
    500,
  ).catch(() => undefined);
}

async function healthy(chaos: ChaosStack): Promise<boolean> {
  const answer = await api(chaos.base, 'GET', '/api/health', null, undefined, 5_000);
  return answer.status === 200;
}

/** Every consumer group has read and acknowledged everything in the stream. */
async function allGroupsCaughtUp(chaos: ChaosStack): Promise<boolean> {
  for (const group of CONSUMER_GROUPS) {
    const state = await groupState(chaos.redis, group);
    if (state.lag !== 0 || state.pending !== 0) return false;
  }
  return true;
}

/**
 * (a) SIGKILL a service (items) under load: while it is down the gateway answers JSON 502/503 quickly; it comes
 * back (its supervisor restarts it); the events published meanwhile (a profile change: user.updated) reach it.
 */
export async function killService(
  chaos: ChaosStack,
  options: { loadWorkers?: number; service?: string } = {},
): Promise<FaultResult> {
  const service = options.service ?? 'items';
  const owner = await createUser(chaos, 'svc');
  const created = await createItem(chaos, owner, 'Chaos lantern');
  if (created.status !== 201) throw new Error(`item creation failed: ${created.status} ${created.text}`);
  const itemId = (created.body as { id: string }).id;
  const load = startLoad(options.loadWorkers ?? 6, (n) =>
    api(
      chaos.base,
      'GET',
      n % 2 ? `/api/items/${itemId}` : '/api/items?limit=5',
      owner.token,
      undefined,
      5_000,
    ),
  );
  await sleep(1_000);
  const killedAt = Date.now();
  await chaos.stack.process(service).kill('SIGKILL');
  // Missed by the dead service: published while it is down.
  const newName = `Renamed while ${service} was down`;
  const renamed = await api(chaos.base, 'PUT', `/api/users/${owner.id}`, owner.token, {
    fullName: newName,
    location: 'Porto, Portugal',
  });
  const recoveredAt = await waitFor(
    `${service} answering through the gateway again`,
    () => load.samples.find((s) => s.at > killedAt + 200 && s.status === 200)?.at,
    90_000,
  );
  await sleep(1_000);
  await load.stop();

  const during = load.samples.filter((s) => s.at >= killedAt && s.at < recoveredAt);
  const failures = during.filter((s) => s.status !== 200);
  const unexpected = failures.filter((s) => !((s.status === 502 || s.status === 503) && s.json));
  const slowest = Math.max(0, ...failures.map((s) => s.ms));
  const after = load.samples.filter((s) => s.at > recoveredAt + 500);
  const caughtUp = await waitFor(
    `the ${service} consumer group to catch up`,
    async () => {
      const state = await groupState(chaos.redis, service);
      return state.lag === 0 && state.pending === 0 ? state : undefined;
    },
    60_000,
  ).catch(() => undefined);
  const detail = await waitFor(
    `the item to show the owner's new name`,
    async () => {
      const answer = await api(chaos.base, 'GET', `/api/items/${itemId}`, owner.token);
      const name = (answer.body as { user?: { fullName?: string } } | undefined)?.user?.fullName;
      return name === newName ? name : undefined;
    },
    30_000,
  ).catch(() => undefined);
  return {
    fault: `kill ${service} (SIGKILL) under load`,
    figures: {
      'requests while down': during.length,
      'non-200 while down': failures.length,
      'of which JSON 502/503': failures.length - unexpected.length,
      'slowest non-200 (ms, target < 1000)': Math.round(slowest),
      'down until first 200 (ms)': recoveredAt - killedAt,
      'non-200 after recovery': after.filter((s) => s.status !== 200).length,
      'profile change while down': renamed.status,
    },
    checks: [
      check('some requests met the outage', failures.length > 0, `${failures.length} non-200`),
      check(
        'every failure while down is a JSON 502/503',
        unexpected.length === 0,
        unexpected
          .slice(0, 5)
          .map((s) => `${s.status}${s.json ? '' : ' (not JSON)'}`)
          .join(', ') || 'all JSON 502/503',
      ),
      check('every failure answered in < 1 s', slowest < 1_000, `slowest ${Math.round(slowest)} ms`),
      check(
        'no failure after recovery',
        after.every((s) => s.status === 200),
        `${after.filter((s) => s.status !== 200).length} of ${after.length}`,
      ),
      check('profile change accepted while items was down', renamed.status === 200, `${renamed.status}`),
      check(
        'the consumer group caught up (lag 0, pending 0)',
        caughtUp !== undefined,
        JSON.stringify(caughtUp),
      ),
      check(
        'the missed user.updated reached items',
        detail === newName,
        `${detail ?? 'old name still shown'}`,
      ),
    ],
  };
}

/**
 * (b) SIGKILL the image worker with `jobs` photo jobs in flight (the worker paused while they are enqueued, then
 * killed once it runs some): every job completes exactly once and every photo ends `ready`.
 */
export async function killImageWorker(chaos: ChaosStack, options: { jobs: number }): Promise<FaultResult> {
  const owner = await createUser(chaos, 'img');
  const listener = createQueueListener('images', {
    redisUrl: chaos.info.redisUrl,
    prefix: 'bull',
    connectionName: 'chaos-image-events',
  });
  const connection = createRedis(chaos.info.redisUrl, { name: 'chaos-queue', forBullmq: true });
  const queue = createQueue('images', {
    redis: connection,
    prefix: 'bull',
    defaultJobOptions: IMAGE_JOB_OPTIONS,
  });
  const completed = new Map<string, number>();
  const failed = new Map<string, string>();
  let stalled = 0;
  listener.events.on('completed', ({ jobId }) => completed.set(jobId, (completed.get(jobId) ?? 0) + 1));
  listener.events.on('failed', ({ jobId, failedReason }) => failed.set(jobId, failedReason));
  listener.events.on('stalled', () => stalled++);
  try {
    await listener.ready();
    const worker = chaos.stack.process('items-worker');
    // Taken down at once (no graceful drain to wait for) and kept down while the jobs are enqueued.
    await worker.kill('SIGKILL');
    await worker.stop();
    const perItem = 2;
    const itemIds: string[] = [];
    const jobIds = new Set<string>();
    for (let i = 0; i < Math.ceil(options.jobs / perItem); i++) {
      const count = Math.min(perItem, options.jobs - i * perItem);
      const images = await Promise.all(Array.from({ length: count }, (_, j) => photo(i * perItem + j)));
      const answer = await createItem(chaos, owner, `Chaos photo item ${i}`, images);
      if (answer.status !== 201) throw new Error(`item creation failed: ${answer.status} ${answer.text}`);
      const item = answer.body as { id: string; photos: { id: string }[] };
      itemIds.push(item.id);
      for (const p of item.photos) jobIds.add(p.id);
    }
    const before = await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    worker.resume();
    const runningAtKill = await waitFor(
      'the restarted worker to run jobs',
      async () => {
        const counts = await queue.getJobCounts('active', 'completed');
        return (counts.active ?? 0) >= 2 ? counts : undefined;
      },
      60_000,
      20,
    );
    await worker.kill('SIGKILL');
    const killedAt = Date.now();
    const atKill = await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    await waitFor(
      'every image job to complete',
      () => [...jobIds].every((id) => completed.has(id) || failed.has(id)),
      180_000,
      250,
    ).catch(() => undefined);
    const allDoneMs = Date.now() - killedAt;
    await sleep(1_000); // a duplicate completion would arrive now
    let ready = 0;
    let notReady = 0;
    for (const id of itemIds) {
      const answer = await api(chaos.base, 'GET', `/api/items/${id}`, owner.token);
      for (const p of (answer.body as { photos?: { state: string }[] } | undefined)?.photos ?? []) {
        if (p.state === 'ready') ready++;
        else notReady++;
      }
    }
    const ids = [...jobIds];
    const files = await variantFilesPerImage(chaos, ids);
    const counts = [...files.values()];
    const expected = Math.min(...counts);
    const extra = counts.filter((n) => n !== expected).length;
    const once = ids.filter((id) => completed.get(id) === 1).length;
    const twice = ids.filter((id) => (completed.get(id) ?? 0) > 1).length;
    const never = ids.filter((id) => !completed.has(id)).length;
    return {
      fault: `SIGKILL the image worker with ${ids.length} jobs in flight`,
      figures: {
        'jobs enqueued': ids.length,
        'waiting before the worker resumed': before.waiting ?? 0,
        'active / completed when killed': `${runningAtKill.active ?? 0} / ${atKill.completed ?? 0}`,
        'in flight when killed (waiting + active)': (atKill.waiting ?? 0) + (atKill.active ?? 0),
        'completed exactly once': once,
        'completed more than once': twice,
        'never completed': never,
        failed: failed.size,
        'stalled (taken over after the kill)': stalled,
        'photos ready / not ready': `${ready} / ${notReady}`,
        'variant files per photo (min / max)': `${expected} / ${Math.max(...counts)}`,
        'kill → all complete (ms)': allDoneMs,
      },
      checks: [
        check(
          'jobs were in flight at the kill',
          (atKill.waiting ?? 0) + (atKill.active ?? 0) > 0,
          JSON.stringify(atKill),
        ),
        check(
          'every job completed exactly once',
          once === ids.length,
          `${once}/${ids.length}, ${twice} twice, ${never} never`,
        ),
        check('no job failed', failed.size === 0, [...failed.values()].slice(0, 3).join('; ') || 'none'),
        check(
          'every photo is ready',
          ready === ids.length && notReady === 0,
          `${ready} ready, ${notReady} not`,
        ),
        check(
          'every photo has one set of variant files (none written twice)',
          files.size === ids.length && expected > 0 && extra === 0,
          `${files.size} photos with files, ${extra} with a different count`,
        ),
      ],
    };
  } finally {
    await queue.close();
    await closeRedis(connection);
    await listener.close();
  }
}

/** Runs `use` on a connection to one of the stack's databases. */
async function withDatabase<T>(
  chaos: ChaosStack,
  dbName: string,
  use: (connection: mongoose.Connection) => Promise<T>,
): Promise<T> {
  const connection = await mongoose.createConnection(chaos.info.mongoUrl, { dbName }).asPromise();
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}

/** How many GridFS variant files each image has in the items database (a job run twice could leave two sets). */
async function variantFilesPerImage(chaos: ChaosStack, imageIds: string[]): Promise<Map<string, number>> {
  return withDatabase(chaos, 'nomadswap_items', async (connection) => {
    const docs = await connection
      .collection('images.files')
      .find({}, { projection: { filename: 1 } })
      .toArray();
    const wanted = new Set(imageIds);
    const counts = new Map<string, number>();
    for (const doc of docs) {
      const id = String(doc.filename).split('/')[0]!;
      if (wanted.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  });
}

interface ChatClient {
  socket: Socket;
  received: string[];
  connects: number;
  /** When each connection (the first and every reconnection) was made. */
  connectedAt: number[];
}

function chatClient(chaos: ChaosStack, user: ChaosUser): Promise<ChatClient> {
  const socket = connectChat(chaos.base, user.token);
  const client: ChatClient = { socket, received: [], connects: 0, connectedAt: [] };
  socket.on('message:new', (message: { content: string }) => client.received.push(message.content));
  socket.on('connect', () => {
    client.connects++;
    client.connectedAt.push(Date.now());
  });
  return waitFor('a chat connection', () => socket.connected, 30_000).then(() => client);
}

async function sendChat(from: ChatClient, to: ChaosUser, content: string): Promise<unknown> {
  return from.socket
    .timeout(10_000)
    .emitWithAck('message:send', { receiverId: to.id, content, clientId: crypto.randomUUID() });
}

/**
 * (c) Restart Redis (SIGTERM, down `downMs`, same port and data) under load: services reconnect, the chat
 * clients reconnect and a message sent after is delivered, and every acknowledged item creation has its
 * item.created event in the stream, consumed by every group.
 */
export async function restartRedis(
  chaos: ChaosStack,
  options: { downMs?: number } = {},
): Promise<FaultResult> {
  const [alice, bob] = [await createUser(chaos, 'alice'), await createUser(chaos, 'bob')];
  const [a, b] = [await chatClient(chaos, alice), await chatClient(chaos, bob)];
  try {
    await sendChat(a, bob, 'before the restart');
    await waitFor('the first chat message', () => b.received.includes('before the restart'), 15_000);
    const acked: string[] = [];
    const writes = startLoad(2, async (n) => {
      const answer = await createItem(chaos, alice, `Chaos redis item ${n}`);
      if (answer.status === 201) acked.push((answer.body as { id: string }).id);
      return answer;
    });
    const reads = startLoad(2, () =>
      api(chaos.base, 'GET', '/api/items?limit=5', alice.token, undefined, 5_000),
    );
    await sleep(1_500);
    const restartedAt = Date.now();
    await chaos.stack.restartRedis(options.downMs ?? 2_000);
    const upAt = Date.now();
    await waitFor('the stack to report healthy', () => healthy(chaos), 60_000, 250);
    const healthyMs = Date.now() - upAt;
    await waitFor(
      'both chat clients connected',
      () => a.socket.connected && b.socket.connected,
      60_000,
    ).catch(() => undefined);
    // A write that succeeds after the restart shows the services have reconnected.
    const writeAfter = await writeSucceeds(chaos, alice, 'Chaos item after the restart');
    await sleep(1_000);
    await writes.stop();
    await reads.stop();
    let ack: unknown;
    try {
      ack = await waitFor(
        'a chat message to be accepted after the restart',
        async () => {
          const answer = (await sendChat(a, bob, 'after the restart').catch(() => undefined)) as
            { id?: string; error?: string } | undefined;
          return answer?.id ? answer : undefined;
        },
        30_000,
        1_000,
      );
    } catch {
      ack = undefined;
    }
    const delivered = await waitFor(
      'the message sent after',
      () => b.received.includes('after the restart'),
      15_000,
    )
      .then(() => true)
      .catch(() => false);

    const caughtUp = await waitFor('every consumer group to catch up', () => allGroupsCaughtUp(chaos), 60_000)
      .then(() => true)
      .catch(() => false);
    const published = new Set(
      (await streamEvents(chaos.redis, ['item.created'])).map((event) => String(event.data.id)),
    );
    const missing = acked.filter((id) => !published.has(id));
    // Writes whose answer was an error may still have been stored (the publish comes after the write).
    const stored = await withDatabase(chaos, 'nomadswap_items', async (db) =>
      (
        await db
          .collection('items')
          .find({ userId: new mongoose.Types.ObjectId(alice.id) }, { projection: { _id: 1 } })
          .toArray()
      ).map((doc) => String(doc._id)),
    );
    const storedUnpublished = stored.filter((id) => !published.has(id));
    const during = [...writes.samples, ...reads.samples].filter(
      (s) => s.at >= restartedAt && s.at < upAt + healthyMs,
    );
    const states = await Promise.all(
      CONSUMER_GROUPS.map(async (g) => [g, await groupState(chaos.redis, g)] as const),
    );
    return {
      fault: `restart Redis (down ${options.downMs ?? 2_000} ms) under load`,
      figures: {
        'redis up again → /api/health 200 (ms)': healthyMs,
        'requests during the outage': during.length,
        'of which failed': during.filter((s) => s.status !== 200 && s.status !== 201).length,
        'item creations acknowledged (201)': acked.length,
        'their item.created events in the stream (published)': acked.length - missing.length,
        'acknowledged but never published (lost)': missing.length,
        'items stored (acknowledged or not)': stored.length,
        'stored but never published (lost events)': storedUnpublished.length,
        'consumer groups caught up (lag/pending)': states
          .map(([g, s]) => `${g} ${s.lag}/${s.pending}`)
          .join(', '),
        'chat reconnects (alice, bob)': `${a.connects - 1}, ${b.connects - 1}`,
      },
      checks: [
        check('the stack reports healthy again', true, `${healthyMs} ms`),
        check(
          'a write succeeds after the restart',
          writeAfter !== undefined,
          `${writeAfter?.status ?? 'none'}`,
        ),
        check(
          'both chat clients are connected after the restart',
          a.socket.connected && b.socket.connected,
          `reconnected ${a.connects - 1} and ${b.connects - 1} times`,
        ),
        check('a message sent after the restart is acknowledged', ack !== undefined, JSON.stringify(ack)),
        check('and delivered', delivered, delivered ? 'delivered' : 'not delivered'),
        check('every consumer group caught up', caughtUp, caughtUp ? 'lag 0, pending 0' : 'behind'),
        check(
          'no acknowledged write lost its event',
          missing.length === 0,
          `${missing.length} of ${acked.length} lost`,
        ),
        check(
          'no stored item lost its event',
          storedUnpublished.length === 0,
          `${storedUnpublished.length} of ${stored.length} stored items have no item.created (the intent is stored before the write)`,
        ),
      ],
    };
  } finally {
    a.socket.disconnect();
    b.socket.disconnect();
  }
}

/**
 * (d) SIGKILL the embedded MongoDB engine under writes: /api/health goes red (503, database down), the engine's
 * supervisor restarts it, the services recover, and every write acknowledged before the kill is still there.
 */
export async function killMongo(chaos: ChaosStack): Promise<FaultResult> {
  const owner = await createUser(chaos, 'db');
  const acked: { id: string; at: number }[] = [];
  const writes = startLoad(3, async (n) => {
    const answer = await createItem(chaos, owner, `Chaos durable item ${n}`);
    if (answer.status === 201) acked.push({ id: (answer.body as { id: string }).id, at: Date.now() });
    return answer;
  });
  await sleep(2_000);
  const killedAt = Date.now();
  await chaos.stack.process('mongo').kill('SIGKILL');
  let redAfter: number | undefined;
  let healthBody = '';
  try {
    redAfter = await waitFor(
      '/api/health to go red',
      async () => {
        const answer = await api(chaos.base, 'GET', '/api/health', null, undefined, 5_000);
        healthBody = answer.text;
        return answer.status === 503 && (answer.body as { database?: string }).database === 'down'
          ? Date.now() - killedAt
          : undefined;
      },
      30_000,
      100,
    );
  } catch {
    redAfter = undefined;
  }
  await waitFor('the stack to report healthy again', () => healthy(chaos), 120_000, 250);
  const greenAfter = Date.now() - killedAt;
  const writeAfter = await writeSucceeds(chaos, owner, 'Chaos item after the engine restart');
  await writes.stop();
  const lost: string[] = [];
  for (const { id } of acked) {
    const answer = await api(chaos.base, 'GET', `/api/items/${id}`, owner.token);
    if (answer.status !== 200) lost.push(`${id} (${answer.status})`);
  }
  const beforeKill = acked.filter((w) => w.at <= killedAt).length;
  const failedWrites = writes.samples.filter((s) => s.status !== 201);
  return {
    fault: 'SIGKILL the embedded MongoDB engine under writes',
    figures: {
      'kill → /api/health 503 database down (ms)': redAfter ?? 'never',
      'kill → /api/health 200 again (ms)': greenAfter,
      'writes acknowledged (before the kill)': `${acked.length} (${beforeKill})`,
      'acknowledged writes lost': lost.length,
      'writes refused during the outage': failedWrites.length,
      'refusals that were JSON': failedWrites.filter((s) => s.json).length,
    },
    checks: [
      check('/api/health went red naming the database', redAfter !== undefined, healthBody.slice(0, 200)),
      check(
        'services recover: a write succeeds after the restart',
        writeAfter !== undefined,
        `${writeAfter?.status}`,
      ),
      check(
        'no acknowledged write lost',
        lost.length === 0,
        lost.slice(0, 5).join(', ') || `${acked.length} all there`,
      ),
      check(
        'every refused write answered JSON',
        failedWrites.every((s) => s.json),
        `${failedWrites.filter((s) => !s.json).length} not JSON`,
      ),
    ],
  };
}

export { CONSUMER_GROUPS, allGroupsCaughtUp, healthy };

/**
 * (e) With two replicas of every service (REPLICAS), SIGKILL the second replica of each at once under load:
 * every read through the gateway still answers 200 (a read a dying replica refused or dropped is sent to the
 * other), every write answers 200 or a JSON 502/503 — never anything else — and the chat clients whose socket
 * was on the killed messaging replica come back within 5 s, with every acknowledged message stored once.
 */
export async function killReplicas(
  chaos: ChaosStack,
  options: { loadWorkers?: number } = {},
): Promise<FaultResult> {
  const services = ['auth', 'items', 'messaging', 'moderation'];
  const owner = await createUser(chaos, 'replica');
  const created = await createItem(chaos, owner, 'Chaos replica lamp');
  if (created.status !== 201) throw new Error(`item creation failed: ${created.status} ${created.text}`);
  const reads = [
    `/api/users/${owner.id}`,
    '/api/items?limit=5',
    `/api/items/${(created.body as { id: string }).id}`,
    '/api/conversations',
    `/api/reviews/${owner.id}`,
  ];
  const [alice, bob] = [await createUser(chaos, 'ralice'), await createUser(chaos, 'rbob')];
  // Several receivers, so that some sockets are on the replica that dies (new sessions go to replicas in turn).
  const receivers = await Promise.all(Array.from({ length: 4 }, () => chatClient(chaos, bob)));
  const sender = await chatClient(chaos, alice);
  const readLoad = startLoad(options.loadWorkers ?? 5, (n) =>
    api(chaos.base, 'GET', reads[n % reads.length]!, owner.token, undefined, 5_000),
  );
  const writeLoad = startLoad(1, (n) =>
    api(
      chaos.base,
      'PUT',
      `/api/users/${owner.id}`,
      owner.token,
      {
        fullName: 'Replica Owner',
        location: 'Lisbon, Portugal',
        bio: `Replica chaos bio number ${n}.`,
      },
      5_000,
    ),
  );
  const acked: string[] = [];
  let sending = true;
  const chat = (async () => {
    for (let n = 0; sending; n++) {
      const content = `replica chaos ${n}`;
      const answer = (await sendChat(sender, bob, content).catch(() => undefined)) as
        { id?: string } | undefined;
      if (answer?.id) acked.push(content);
      await sleep(50);
    }
  })();
  try {
    await sleep(1_000);
    const connectsBefore = receivers.map((r) => r.connects);
    const killedAt = Date.now();
    await Promise.all(services.map((service) => chaos.stack.process(`${service}-2`).kill('SIGKILL')));
    await sleep(3_000);
    // Every receiver connected again; the slowest of those that had to reconnect, from the kill.
    const allBack = await waitFor(
      'every chat receiver connected',
      () => receivers.every((r) => r.socket.connected),
      30_000,
      50,
    ).catch(() => false);
    const backAt = allBack
      ? Math.max(
          killedAt,
          ...receivers.flatMap((r) => r.connectedAt.filter((at) => at > killedAt).slice(0, 1)),
        )
      : undefined;
    sending = false;
    await chat;
    await readLoad.stop();
    await writeLoad.stop();
    const reconnected = receivers.filter((r, i) => r.connects > connectsBefore[i]!).length;
    const readsAfter = readLoad.samples.filter((s) => s.at >= killedAt);
    const failedReads = readsAfter.filter((s) => s.status !== 200);
    const writesAfter = writeLoad.samples.filter((s) => s.at >= killedAt);
    const badWrites = writesAfter.filter(
      (s) => !(s.status === 200 || ((s.status === 502 || s.status === 503) && s.json)),
    );
    const conversation = await api(chaos.base, 'GET', `/api/messages?with=${alice.id}&limit=100`, bob.token);
    const stored = ((conversation.body as { content: string }[] | { messages?: { content: string }[] }) ??
      []) as { content: string }[] | { messages?: { content: string }[] };
    const contents = (Array.isArray(stored) ? stored : (stored.messages ?? [])).map((m) => m.content);
    const missing = acked.slice(-100).filter((content) => !contents.includes(content));
    const duplicated = contents.filter((content, i) => contents.indexOf(content) !== i);
    const liveTwice = receivers.reduce(
      (sum, r) => sum + r.received.filter((content, i) => r.received.indexOf(content) !== i).length,
      0,
    );
    return {
      fault: 'kill one replica of each service (SIGKILL) under load, REPLICAS=…:2',
      figures: {
        'reads after the kill': readsAfter.length,
        'of which not 200': failedReads.length,
        'writes after the kill': writesAfter.length,
        'writes answered 200 / 502–503': `${writesAfter.filter((s) => s.status === 200).length} / ${writesAfter.length - writesAfter.filter((s) => s.status === 200).length}`,
        'chat receivers that reconnected (of 4)': reconnected,
        'all receivers back (ms after the kill)': backAt === undefined ? 'never' : backAt - killedAt,
        'chat messages acknowledged': acked.length,
        'acknowledged but not stored': missing.length,
        'delivered live twice to one socket': liveTwice,
      },
      checks: [
        check(
          'no read failed',
          readsAfter.length > 0 && failedReads.length === 0,
          `${failedReads.length} of ${readsAfter.length}: ${failedReads
            .slice(0, 5)
            .map((s) => s.status)
            .join(', ')}`,
        ),
        check(
          'every write answered 200 or a JSON 502/503',
          badWrites.length === 0,
          badWrites
            .slice(0, 5)
            .map((s) => s.status)
            .join(', ') || `${writesAfter.length} writes`,
        ),
        check(
          'the chat receivers were back within 5 s of the kill',
          backAt !== undefined && backAt - killedAt <= 5_000,
          backAt === undefined ? 'not all back' : `${backAt - killedAt} ms`,
        ),
        check('every acknowledged message is stored', missing.length === 0, `${missing.length} missing`),
        check('no message stored twice', duplicated.length === 0, `${duplicated.length} duplicated`),
        check('no message delivered twice live to one socket', liveTwice === 0, `${liveTwice}`),
      ],
    };
  } finally {
    sending = false;
    for (const client of [...receivers, sender]) client.socket.disconnect();
  }
}
