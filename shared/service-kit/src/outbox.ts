import mongoose, { type Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@nomadswap/contracts/events';

/**
 * The transactional outbox of one service (design.md, "Events";
 * docs/decisions/0032-durable-events-an-outbox-per-service-deletions-staged.md): every event is written to
 * the service's `outbox` collection before it is sent, sent at once, and removed once Redis took it. A relay
 * loop resends what is still there (Redis was down, the process died) with a backoff, at start-up and every
 * `intervalMs`. The envelope (and so its id) is stored, so a resend is the same event. A change's events are
 * written BEFORE the database write (no multi-document transactions): staged envelopes (deletions, events
 * known beforehand) or intents (creations and updates, whose envelope is built after the write); after a
 * grace the relay checks the guarded document to tell whether the write happened.
 */
export interface OutboxOptions {
  mongo: Connection;
  redis: Redis;
  logger: Logger;
  /** Appends the envelope to the stream (the bus's XADD). */
  send(envelope: string, type: string): Promise<void>;
  /** Default `outbox`. */
  collection?: string;
  /** How often the relay looks for events still to send. Default 1 s. */
  intervalMs?: number;
  /** A record being sent is left alone by other relays this long. Default 30 s. */
  leaseMs?: number;
  /** A staged record whose change was not confirmed is checked after this long. Default 60 s. */
  graceMs?: number;
  /** Longest wait between two resends of one event. Default 5 s. */
  maxBackoffMs?: number;
  /**
   * Builds the envelope of an intent ({@link Outbox.intend}) whose change happened but whose process died before
   * publishing it, from the guarded document as it is now (the bus: the builder registered for the type). `null`:
   * the document does not show this change, drop it; `undefined`: no builder in this process, leave it to one that
   * has it (another process of the service, same database).
   */
  build?(type: string, id: string, document: Record<string, unknown>): EventEnvelope | null | undefined;
}

/**
 * The document a staged event's change is about, and how the relay tells, once the grace has passed, whether
 * that change happened (the event is sent) or not (the process died before it: the event is dropped).
 * Without `exists` the change removes the document: it happened when the document is gone. With `exists` the
 * change creates or updates it: it happened when a document with this id matching `exists` is there — `{}` for
 * a creation with an id made before the write, e.g. `{ version: { $gt: n } }` or the fields it sets for an update.
 */
export interface OutboxGuard {
  collection: string;
  id: unknown;
  /** A MongoDB filter (stored as EJSON, so operators, dotted paths and ObjectIds are fine). */
  exists?: Record<string, unknown>;
}

/** A guard as stored: `exists` as an EJSON string (a stored document cannot hold `$` keys or dotted names). */
interface StoredGuard {
  collection: string;
  id: unknown;
  exists?: string;
}

interface OutboxRecord {
  _id: string;
  /** Absent for an intent: the relay builds it from the guarded document (OutboxOptions.build). */
  envelope?: string;
  type: string;
  /** `staged`: written before its change (see {@link OutboxGuard}); `ready`: to be sent. */
  state: 'staged' | 'ready';
  guard?: StoredGuard;
  /** Epoch ms before which no relay touches it (a lease, a backoff or the grace of a staged record). */
  availableAt: number;
  attempts: number;
  createdAt: Date;
}

/** Events stored before their change: confirm() after it, cancel() when the change did not happen. */
export interface StagedEvents {
  confirm(): Promise<void>;
  cancel(): Promise<void>;
}

/**
 * The intent of a creation's or an update's event, stored before the write: publish() the envelope (the state
 * after the write) once it is done, cancel() when the write did not happen.
 */
export interface PendingIntent {
  publish(envelope: EventEnvelope): Promise<void>;
  cancel(): Promise<void>;
}

export interface Outbox {
  /** Records the envelope, then sends it (a failed send is logged and left to the relay; never throws for Redis). */
  publish(envelope: EventEnvelope): Promise<void>;
  /** Records envelopes before the change `guard` describes; call `confirm()` after the change. */
  stage(guard: OutboxGuard, envelopes: EventEnvelope[]): Promise<StagedEvents>;
  /**
   * Records the intent of an event of `type` (envelope id `id`) before the write `guard` describes (with
   * `exists`). Should the process die before publish(), the relay builds it from the document after the grace.
   */
  intend(guard: OutboxGuard, type: string, id: string): Promise<PendingIntent>;
  /** Sends what is still pending at once, then every `intervalMs`. */
  start(): void;
  /** Stops the loop and waits for sends in flight. */
  stop(): Promise<void>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { mongo, redis, send } = options;
  const intervalMs = options.intervalMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const graceMs = options.graceMs ?? 60_000;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const log = options.logger.child({ component: 'outbox' });
  const records = () => mongo.collection<OutboxRecord>(options.collection ?? 'outbox');

  /** Ids this process is sending: the loop never sends them a second time meanwhile. */
  const sending = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  let running = false;

  const backoff = (attempts: number) => Math.min(250 * 2 ** attempts, maxBackoffMs);

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /**
   * Sends one record (claimed, or just written by this process); true when Redis took it. Never throws. On a
   * failure the record becomes `ready` with this envelope (created again if a relay dropped it meanwhile), so
   * the relay resends exactly this event.
   */
  async function deliver(record: { _id: string; envelope: string; type: string; attempts: number }) {
    sending.add(record._id);
    try {
      if (redis.status !== 'ready') throw new Error(`redis is ${redis.status}`);
      await send(record.envelope, record.type);
    } catch (error) {
      log.warn(
        { err: error, eventId: record._id, type: record.type },
        'event not sent yet; the relay retries it',
      );
      await records()
        .updateOne(
          { _id: record._id },
          {
            $set: {
              state: 'ready',
              envelope: record.envelope,
              type: record.type,
              availableAt: Date.now() + backoff(record.attempts),
            },
            $inc: { attempts: 1 },
            $setOnInsert: { createdAt: new Date() },
          },
          { upsert: true },
        )
        .catch((err: unknown) => log.error({ err, eventId: record._id }, 'event not recorded for a resend'));
      return false;
    } finally {
      sending.delete(record._id);
    }
    // A failed delete means one more send later: the same envelope id, which consumers store once.
    await records()
      .deleteOne({ _id: record._id })
      .catch((err: unknown) =>
        log.warn({ err, eventId: record._id }, 'sent event not removed from the outbox'),
      );
    return true;
  }

  const storeGuard = (guard: OutboxGuard): StoredGuard => ({
    collection: guard.collection,
    id: guard.id,
    ...(guard.exists
      ? { exists: mongoose.mongo.BSON.EJSON.stringify(guard.exists, { relaxed: false }) }
      : {}),
  });

  function toRecord(envelope: EventEnvelope, state: OutboxRecord['state'], extra: Partial<OutboxRecord>) {
    return {
      _id: envelope.id,
      envelope: JSON.stringify(envelope),
      type: envelope.type,
      state,
      attempts: 0,
      createdAt: new Date(),
      ...extra,
    } as OutboxRecord;
  }

  /**
   * Whether the staged record's change happened: a deletion's document is gone, a creation's or an update's
   * matches `exists` (then it is returned, for an intent's builder).
   */
  async function changeHappened(
    guard: StoredGuard,
    wantDocument: boolean,
  ): Promise<{ happened: boolean; document?: Record<string, unknown> }> {
    if (guard.exists === undefined) {
      const found = await mongo
        .collection(guard.collection)
        .findOne({ _id: guard.id as never }, { projection: { _id: 1 } });
      return { happened: !found };
    }
    const filter = mongoose.mongo.BSON.EJSON.parse(guard.exists, { relaxed: false }) as Record<
      string,
      unknown
    >;
    const found = await mongo
      .collection(guard.collection)
      .findOne({ ...filter, _id: guard.id as never }, wantDocument ? {} : { projection: { _id: 1 } });
    return found ? { happened: true, document: found } : { happened: false };
  }

  /** The envelope a staged record sends: its own, or an intent's built from the document; null: drop it. */
  async function envelopeOf(record: OutboxRecord): Promise<string | null | undefined> {
    if (record.state !== 'staged' || !record.guard) return record.envelope ?? null;
    const { happened, document } = await changeHappened(record.guard, record.envelope === undefined);
    if (!happened) {
      log.warn(
        { eventId: record._id, type: record.type },
        'dropping a staged event whose change never happened',
      );
      return null;
    }
    if (record.envelope !== undefined) return record.envelope;
    let built: EventEnvelope | null | undefined;
    try {
      built = options.build?.(record.type, record._id, document!);
    } catch (error) {
      // A builder that fails on this document (a bug, an invalid state): kept, and tried again after the grace.
      log.error(
        { err: error, eventId: record._id, type: record.type },
        'cannot build the event of an intent',
      );
      return undefined;
    }
    if (built === null) {
      log.warn(
        { eventId: record._id, type: record.type },
        'dropping an intent its document does not bear out',
      );
    }
    return built && JSON.stringify(built);
  }

  /** Claims the due record (no other relay sends it during the lease) and sends it; false: stop this sweep. */
  async function relayOne(record: OutboxRecord): Promise<boolean> {
    if (sending.has(record._id)) return true;
    const claimed = await records().findOneAndUpdate(
      { _id: record._id, availableAt: record.availableAt },
      { $set: { availableAt: Date.now() + leaseMs } },
    );
    if (!claimed) return true; // another relay took it
    const envelope = await envelopeOf(record);
    if (envelope === undefined) {
      // An intent this process cannot build (no builder here, or it failed): left to one that can, or for later.
      await records().updateOne({ _id: record._id }, { $set: { availableAt: Date.now() + graceMs } });
      return true;
    }
    if (envelope === null) {
      await records().deleteOne({ _id: record._id });
      return true;
    }
    return track(deliver({ ...record, envelope }));
  }

  async function sweep(): Promise<void> {
    for (;;) {
      const due = await records()
        .find({ availableAt: { $lte: Date.now() } })
        .sort({ createdAt: 1 })
        .limit(50)
        .toArray();
      if (due.length === 0) return;
      let progressed = false;
      for (const record of due) {
        if (!running) return;
        if (!(await relayOne(record))) return; // Redis refuses: wait for the backoff
        progressed = true;
      }
      if (!progressed) return;
    }
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      sweeping = sweep()
        .catch((error: unknown) => log.warn({ err: error }, 'outbox relay sweep failed'))
        .finally(() => {
          sweeping = undefined;
          schedule(intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  const onReady = () => {
    if (running && !sweeping) schedule(0);
  };

  return {
    async publish(envelope) {
      await records().insertOne(toRecord(envelope, 'ready', { availableAt: Date.now() + leaseMs }));
      await track(
        deliver({ _id: envelope.id, envelope: JSON.stringify(envelope), type: envelope.type, attempts: 0 }),
      );
    },

    async stage(guard, envelopes) {
      const availableAt = Date.now() + graceMs;
      const stored = storeGuard(guard);
      await records().insertMany(envelopes.map((e) => toRecord(e, 'staged', { guard: stored, availableAt })));
      const ids = envelopes.map((e) => e.id);
      return {
        cancel: async () => {
          await records().deleteMany({ _id: { $in: ids } });
        },
        confirm: async () => {
          // Sent at once, each removed once Redis took it; a failed send turns its record `ready` for the
          // relay. Should the process die here, the relay finds them staged after the grace and checks the guard.
          for (const envelope of envelopes) {
            await track(
              deliver({
                _id: envelope.id,
                envelope: JSON.stringify(envelope),
                type: envelope.type,
                attempts: 0,
              }),
            );
          }
        },
      };
    },

    async intend(guard, type, id) {
      await records().insertOne({
        _id: id,
        type,
        state: 'staged',
        guard: storeGuard(guard),
        availableAt: Date.now() + graceMs,
        attempts: 0,
        createdAt: new Date(),
      });
      return {
        cancel: async () => {
          await records().deleteOne({ _id: id });
        },
        publish: async (envelope) => {
          await track(
            deliver({ _id: id, envelope: JSON.stringify(envelope), type: envelope.type, attempts: 0 }),
          );
        },
      };
    },

    start() {
      if (running) return;
      running = true;
      redis.on('ready', onReady);
      schedule(0);
    },

    async stop() {
      running = false;
      clearTimeout(timer);
      redis.off('ready', onReady);
      await sweeping;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
