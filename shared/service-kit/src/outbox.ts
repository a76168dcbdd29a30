import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@nomadswap/contracts/events';

/**
 * The transactional outbox of one service (design.md, "Events"; docs/decisions.md, "Durable events"): every
 * event is written to the service's `outbox` collection before it is sent, sent at once, and removed once Redis
 * took it. A relay loop resends what is still there (Redis was down, the process died) with a backoff, at
 * start-up and every `intervalMs`. The envelope (and so its id) is stored, so a resend is the same event.
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
}

/**
 * A document whose removal is the change a staged event announces: if it still exists when the relay finds
 * the event unconfirmed, the change never happened and the event is dropped.
 */
export interface OutboxGuard {
  collection: string;
  id: unknown;
}

interface OutboxRecord {
  _id: string;
  envelope: string;
  type: string;
  /** `staged`: written before its change (see {@link OutboxGuard}); `ready`: to be sent. */
  state: 'staged' | 'ready';
  guard?: OutboxGuard;
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

export interface Outbox {
  /** Records the envelope, then sends it (a failed send is logged and left to the relay; never throws for Redis). */
  publish(envelope: EventEnvelope): Promise<void>;
  /** Records envelopes before a change that removes `guard`'s document; call `confirm()` after the change. */
  stage(guard: OutboxGuard, envelopes: EventEnvelope[]): Promise<StagedEvents>;
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

  /** Sends one claimed record; true when Redis took it. Never throws. */
  async function deliver(record: Pick<OutboxRecord, '_id' | 'envelope' | 'type' | 'attempts'>) {
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
          { $set: { availableAt: Date.now() + backoff(record.attempts) }, $inc: { attempts: 1 } },
        )
        .catch(() => undefined);
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

  /** True when the staged record's change happened (its guarded document is gone). */
  async function changeHappened(guard: OutboxGuard): Promise<boolean> {
    const found = await mongo
      .collection(guard.collection)
      .findOne({ _id: guard.id as never }, { projection: { _id: 1 } });
    return !found;
  }

  /** Claims the due record (no other relay sends it during the lease) and sends it; false: stop this sweep. */
  async function relayOne(record: OutboxRecord): Promise<boolean> {
    if (sending.has(record._id)) return true;
    const claimed = await records().findOneAndUpdate(
      { _id: record._id, availableAt: record.availableAt },
      { $set: { availableAt: Date.now() + leaseMs } },
    );
    if (!claimed) return true; // another relay took it
    if (record.state === 'staged' && record.guard && !(await changeHappened(record.guard))) {
      log.warn(
        { eventId: record._id, type: record.type },
        'dropping a staged event whose change never happened',
      );
      await records().deleteOne({ _id: record._id });
      return true;
    }
    return track(deliver(record));
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
      await records().insertMany(envelopes.map((e) => toRecord(e, 'staged', { guard, availableAt })));
      const ids = envelopes.map((e) => e.id);
      return {
        cancel: async () => {
          await records().deleteMany({ _id: { $in: ids } });
        },
        confirm: async () => {
          // Unconfirmed (e.g. MongoDB failed here), the relay confirms them itself after the grace.
          await records().updateMany(
            { _id: { $in: ids } },
            { $set: { state: 'ready', availableAt: Date.now() + leaseMs } },
          );
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
