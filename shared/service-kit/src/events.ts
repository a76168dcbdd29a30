import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import {
  EVENT_SCHEMAS,
  EnvelopeSchema,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@nomadswap/contracts/events';
import { createOutbox, type Outbox, type OutboxGuard, type OutboxOptions, type StagedEvents } from './outbox';

/**
 * Handles one event. Delivery is at-least-once: the same event may arrive again (after a crash, a timeout or
 * a retry), so handlers MUST be idempotent — upsert by id, ignore versions older than the stored one. Throwing
 * leaves the event pending; it is retried after `claimIdleMs`.
 */
export type EventHandler<T extends EventType> = (event: EventEnvelope<T>) => Promise<void> | void;

export interface EventBusOptions {
  /** Used for XADD/XACK/XAUTOCLAIM; the bus duplicates it for its blocking reads. */
  redis: Redis;
  /** The stream name (config EVENTS_STREAM). */
  stream: string;
  /** The consumer group: every service gets every event once, whatever its number of replicas. */
  service: string;
  logger: Logger;
  /** This replica's consumer name; default `<service>-<host>-<pid>-<random>`. */
  consumer?: string;
  /** Entries pending longer than this (a crashed consumer, a failed handler) are claimed and retried. Default 30 s. */
  claimIdleMs?: number;
  /** How often to look for such entries. Default 5 s. */
  claimIntervalMs?: number;
  /** Longest wait of one blocking read. Default 5 s (stop() does not wait for it). */
  blockMs?: number;
  /** Entries read per call. Default 50. */
  batchSize?: number;
  /** Approximate stream length kept (XADD MAXLEN ~). Default 100 000. */
  maxLen?: number;
  /** After this many deliveries an entry goes to `<stream>:dead:<service>` and is acknowledged. Default 20. */
  maxDeliveries?: number;
  /**
   * The service's database: publish() then goes through its transactional outbox (outbox.ts), so an event
   * survives Redis being down. Without it publish() appends directly (test publishers standing in for others).
   */
  outbox?: { mongo: Connection } & Partial<
    Pick<OutboxOptions, 'intervalMs' | 'leaseMs' | 'graceMs' | 'maxBackoffMs'>
  >;
}

/** One event to stage: its type and data. */
export type StagedEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** A creation's or an update's event whose intent is stored: publish its data once the write is done. */
export interface PendingEvent<T extends EventType> {
  /** Validates and sends the event (same guarantees as publish()); its id is the intent's. */
  publish(data: EventData<T>): Promise<EventEnvelope<T>>;
  /** The write did not happen (e.g. its filter matched nothing): forget the intent. */
  cancel(): Promise<void>;
}

/**
 * Builds an event's data from the document it is about, as the relay finds it (a raw MongoDB document); `null`
 * when the document does not show the change (the event is then dropped).
 */
export type EventBuilder<T extends EventType> = (document: Record<string, unknown>) => EventData<T> | null;

export interface EventBus {
  /**
   * Validates `data` with the event's schema and appends `{id, type, occurredAt, data}`. Publish after the DB
   * write. With an outbox the event is first stored there, and a failed append is retried by the relay (the
   * promise then resolves all the same: the event is safe).
   */
  publish<T extends EventType>(type: T, data: EventData<T>): Promise<EventEnvelope<T>>;
  /**
   * For a change that removes a document (`guard`): validates and stores the events BEFORE the change; call
   * `confirm()` after it to send them (`cancel()` when it did not happen). Should the process die in between, the relay sends them once the grace
   * has passed if the document is gone, and drops them if it still exists (the change never happened).
   */
  stage(guard: OutboxGuard, events: StagedEvent[]): Promise<StagedEvents>;
  /**
   * For a creation or an update whose event carries the state after the write: stores the intent BEFORE the
   * write (`guard` with `exists`: what the document matches once the write is done); `publish(data)` after it.
   * Should the process die in between, the relay (after the grace) sends the event built from the document as it
   * is then by the builder registered for `type` (buildFrom), or drops the intent if the document does not match.
   * Costs what publish() does: one outbox insert before the write, one delete after the send.
   */
  intend<T extends EventType>(type: T, guard: OutboxGuard): Promise<PendingEvent<T>>;
  /**
   * Registers how the relay rebuilds an event of `type` from its document (see intend()). Every process whose
   * relay may find such intents registers it at start-up; one that has none leaves them to one that does.
   */
  buildFrom<T extends EventType>(type: T, builder: EventBuilder<T>): EventBus;
  /** Starts the outbox relay: sends what is pending now and keeps retrying (every process that publishes). */
  startRelay(): void;
  /** Registers a handler (several per type run in order). Register before start(). */
  on<T extends EventType>(type: T, handler: EventHandler<T>): EventBus;
  /** Creates the consumer group (from the start of the stream, so a late service catches up) and starts consuming. */
  start(): Promise<void>;
  /**
   * Lets the in-flight handler finish, then stops consuming; stops the relay after its sends in flight.
   * Unacknowledged entries stay pending for others.
   */
  stop(): Promise<void>;
}

/** Thrown by publish() when the data does not match the event's schema — a programming error. */
export class InvalidEventError extends Error {
  constructor(type: string, problems: string) {
    super(`Invalid ${type} event: ${problems}`);
    this.name = 'InvalidEventError';
  }
}

type StreamEntry = [id: string, fields: string[] | null];

function fieldsToObject(fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) out[fields[i]!] = fields[i + 1]!;
  return out;
}

function isNoGroupError(error: unknown): boolean {
  return error instanceof Error && error.message.includes('NOGROUP');
}

/** Validates the data with the event's schema and wraps it with an id (default new) and the current time. */
function toEnvelope<T extends EventType>(
  type: T,
  data: EventData<T>,
  id: string = randomUUID(),
): EventEnvelope<T> {
  const result = EVENT_SCHEMAS[type].safeParse(data);
  if (!result.success) {
    throw new InvalidEventError(
      type,
      result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  return {
    id,
    type,
    occurredAt: new Date().toISOString(),
    data: result.data,
  } as EventEnvelope<T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The event bus on Redis Streams with consumer groups (design.md, "Events"). */
export function createEventBus(options: EventBusOptions): EventBus {
  const { redis, stream, service, logger } = options;
  const group = service;
  const consumer =
    options.consumer ?? `${service}-${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const claimIdleMs = options.claimIdleMs ?? 30_000;
  const claimIntervalMs = options.claimIntervalMs ?? 5_000;
  const blockMs = options.blockMs ?? 5_000;
  const batchSize = options.batchSize ?? 50;
  const maxLen = options.maxLen ?? 100_000;
  const maxDeliveries = options.maxDeliveries ?? 20;
  const deadLetterStream = `${stream}:dead:${service}`;
  const log = logger.child({ component: 'event-bus', stream, group, consumer });

  const handlers = new Map<EventType, EventHandler<EventType>[]>();
  let blocking: Redis | undefined;
  let loop: Promise<void> | undefined;
  let inFlight: Promise<void> | undefined;
  let stopping = false;

  async function ensureGroup(): Promise<void> {
    try {
      await redis.call('XGROUP', 'CREATE', stream, group, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('BUSYGROUP'))) throw error;
    }
  }

  async function ack(id: string): Promise<void> {
    await redis.call('XACK', stream, group, id);
  }

  /** Validates and dispatches one entry; acks on success or when the entry can never be valid. */
  async function handle([id, fields]: StreamEntry): Promise<void> {
    if (!fields) {
      await ack(id); // trimmed from the stream while pending (Redis < 7 reports these as nil)
      return;
    }
    let envelope: EventEnvelope;
    try {
      const raw: unknown = JSON.parse(fieldsToObject(fields).envelope ?? 'null');
      const parsed = EnvelopeSchema.parse(raw);
      const data: unknown = EVENT_SCHEMAS[parsed.type].parse(parsed.data);
      envelope = { ...parsed, data } as EventEnvelope;
    } catch (error) {
      log.error({ err: error, entryId: id }, 'dropping invalid event');
      await ack(id);
      return;
    }
    const list = handlers.get(envelope.type) ?? [];
    try {
      for (const handler of list) await handler(envelope);
    } catch (error) {
      log.error(
        { err: error, entryId: id, eventId: envelope.id, type: envelope.type },
        'event handler failed; will retry',
      );
      return;
    }
    await ack(id);
  }

  async function handleAll(entries: StreamEntry[]): Promise<void> {
    for (const entry of entries) {
      if (stopping) return;
      inFlight = handle(entry);
      try {
        await inFlight;
      } finally {
        inFlight = undefined;
      }
    }
  }

  async function deliveries(id: string): Promise<number> {
    const rows = (await redis.call('XPENDING', stream, group, id, id, 1)) as [
      string,
      string,
      number,
      number,
    ][];
    return rows[0]?.[3] ?? 0;
  }

  /** Claims entries idle longer than claimIdleMs (failed handlers, dead consumers) and handles them again. */
  async function reclaim(): Promise<void> {
    let cursor = '0-0';
    do {
      const reply = (await redis.call(
        'XAUTOCLAIM',
        stream,
        group,
        consumer,
        claimIdleMs,
        cursor,
        'COUNT',
        batchSize,
      )) as [string, StreamEntry[], string[]?];
      cursor = reply[0];
      const retry: StreamEntry[] = [];
      for (const entry of reply[1]) {
        if (entry[1] && (await deliveries(entry[0])) > maxDeliveries) {
          log.error({ entryId: entry[0] }, 'event failed too often; moving it to the dead-letter stream');
          await redis.call('XADD', deadLetterStream, '*', ...entry[1]);
          await ack(entry[0]);
        } else {
          retry.push(entry);
        }
      }
      await handleAll(retry);
    } while (cursor !== '0-0' && !stopping);
  }

  async function readNew(connection: Redis): Promise<StreamEntry[]> {
    const reply = (await connection.call(
      'XREADGROUP',
      'GROUP',
      group,
      consumer,
      'COUNT',
      batchSize,
      'BLOCK',
      blockMs,
      'STREAMS',
      stream,
      '>',
    )) as [string, StreamEntry[]][] | null;
    return reply?.[0]?.[1] ?? [];
  }

  async function run(connection: Redis): Promise<void> {
    let lastClaim = 0;
    while (!stopping) {
      try {
        if (Date.now() - lastClaim >= claimIntervalMs) {
          lastClaim = Date.now();
          await reclaim();
        }
        if (stopping) break;
        const entries = await readNew(connection);
        await handleAll(entries);
      } catch (error) {
        if (stopping) break;
        if (isNoGroupError(error)) {
          log.warn('consumer group vanished; recreating it');
          await ensureGroup().catch((err: unknown) => log.error({ err }, 'cannot recreate consumer group'));
          continue;
        }
        log.error({ err: error }, 'event loop error; retrying in 1 s');
        await sleep(1_000);
      }
    }
  }

  async function append(envelope: string, type: string): Promise<void> {
    await redis.call('XADD', stream, 'MAXLEN', '~', maxLen, '*', 'type', type, 'envelope', envelope);
  }

  const builders = new Map<EventType, EventBuilder<EventType>>();

  /** The relay's builder: undefined when this process has none for the type. */
  function build(
    type: string,
    id: string,
    document: Record<string, unknown>,
  ): EventEnvelope | null | undefined {
    const builder = builders.get(type as EventType);
    if (!builder) return undefined;
    const data = builder(document);
    return data && toEnvelope(type as EventType, data, id);
  }

  const outbox: Outbox | undefined =
    options.outbox && createOutbox({ ...options.outbox, redis, logger: log, send: append, build });

  const bus: EventBus = {
    async publish(type, data) {
      const envelope = toEnvelope(type, data);
      if (outbox) await outbox.publish(envelope);
      else await append(JSON.stringify(envelope), type);
      return envelope;
    },

    async stage(guard, events) {
      const envelopes = events.map((event) => toEnvelope(event.type, event.data));
      if (outbox) return outbox.stage(guard, envelopes);
      return {
        cancel: async () => undefined,
        confirm: async () => {
          for (const envelope of envelopes) await append(JSON.stringify(envelope), envelope.type);
        },
      };
    },

    async intend(type, guard) {
      const id = randomUUID();
      const intent = outbox && (await outbox.intend(guard, type, id));
      return {
        cancel: async () => intent?.cancel(),
        publish: async (data) => {
          const envelope = toEnvelope(type, data, id);
          if (intent) await intent.publish(envelope);
          else await append(JSON.stringify(envelope), type);
          return envelope;
        },
      };
    },

    buildFrom(type, builder) {
      builders.set(type, builder as EventBuilder<EventType>);
      return bus;
    },

    startRelay() {
      outbox?.start();
    },

    on(type, handler) {
      const list = handlers.get(type) ?? [];
      list.push(handler as EventHandler<EventType>);
      handlers.set(type, list);
      return bus;
    },

    async start() {
      if (loop) return;
      stopping = false;
      await ensureGroup();
      const connection = redis.duplicate({
        connectionName: `${consumer}:blocking`,
        maxRetriesPerRequest: null,
      });
      connection.on('error', (error: Error) => log.debug({ err: error }, 'blocking connection error'));
      blocking = connection;
      loop = run(connection);
      log.info('event bus consuming');
    },

    async stop() {
      await outbox?.stop();
      if (!loop) return;
      stopping = true;
      await inFlight?.catch(() => undefined);
      // Aborts a blocking XREADGROUP at once; entries it may have delivered stay pending and are reclaimed.
      blocking?.disconnect();
      await loop;
      loop = undefined;
      blocking = undefined;
      await forgetConsumerIfIdle();
    },
  };

  /** Removes this consumer from the group when it holds nothing, so restarts do not pile up dead names. */
  async function forgetConsumerIfIdle(): Promise<void> {
    try {
      const summary = (await redis.call('XPENDING', stream, group, '-', '+', 1, consumer)) as unknown[];
      if (summary.length === 0) await redis.call('XGROUP', 'DELCONSUMER', stream, group, consumer);
    } catch (error) {
      log.debug({ err: error }, 'could not remove idle consumer');
    }
  }

  return bus;
}

/** A write error that may hide a write that happened (the connection went mid-way): left to the relay's check. */
function mayHaveWritten(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  return /Network|Timeout|ServerSelection|PoolCleared|Interrupted/i.test(`${error.name} ${error.message}`);
}

/**
 * After a write of staged or intended events failed: cancels them when the error means nothing was written (a
 * duplicate key, a validation error), and leaves them to the relay's guard check when it may hide a write that
 * happened (the connection went before the answer came) — cancelling then would lose the event of a stored change.
 */
export async function cancelUnlessWritten(
  staged: { cancel(): Promise<void> } | null | undefined,
  error: unknown,
): Promise<void> {
  if (staged && !mayHaveWritten(error)) await staged.cancel();
}

/**
 * The one shape of a creation's or an update's publish: the intent of `type` is stored before `write`; its
 * result (the document after the write) is published through `toData`; `null`/`undefined` (nothing written,
 * e.g. a filter that matched nothing) or an error that means nothing was written cancels the intent. A failure
 * that may hide a write (connection lost) leaves the intent to the relay, which checks `guard` after the grace.
 */
export async function writeWithEvent<T extends EventType, R>(
  bus: EventBus,
  type: T,
  guard: OutboxGuard,
  write: () => Promise<R | null | undefined>,
  toData: (result: R) => EventData<T>,
): Promise<R | null | undefined> {
  const pending = await bus.intend(type, guard);
  let result: R | null | undefined;
  try {
    result = await write();
  } catch (error) {
    await cancelUnlessWritten(pending, error).catch(() => undefined);
    throw error;
  }
  if (result === null || result === undefined) await pending.cancel();
  else await pending.publish(toData(result));
  return result;
}
