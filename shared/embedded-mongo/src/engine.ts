import type { Document } from 'bson';
import { CursorManager } from './cursors';
import { CommandError, toCommandError } from './errors';
import { Journal } from './journal';
import { Catalog } from './storage/catalog';
import type { MutationSink } from './storage/collection';
import { type Doc, valuesAtPath } from './values';

export interface EngineOptions {
  dbPath?: string;
  log: (line: string) => void;
  ttlMonitorIntervalMs: number;
  compactionThresholdBytes: number;
}

/** What a command handler knows about the connection it runs on. */
export interface ConnectionInfo {
  id: number;
  remote: string;
}

export interface CommandContext {
  engine: Engine;
  db: string;
  conn: ConnectionInfo;
}

export type CommandHandler = (cmd: Document, ctx: CommandContext) => Document;

/**
 * The database engine behind the wire server: catalog, cursors, journal, TTL monitor and command dispatch.
 * Commands run synchronously on the event loop, which gives every write a single global order.
 */
export class Engine {
  readonly catalog: Catalog;
  readonly cursors = new CursorManager();
  readonly startedAt = Date.now();
  private readonly journal: Journal | null;
  private readonly timers: NodeJS.Timeout[] = [];
  private compactionScheduled = false;

  constructor(
    private readonly opts: EngineOptions,
    private readonly handlers: Record<string, CommandHandler>,
  ) {
    const sink: MutationSink = { record: (entry) => this.journal?.record(entry) };
    this.catalog = new Catalog(sink);
    this.journal = opts.dbPath
      ? Journal.open(
          { dir: opts.dbPath, log: opts.log, compactionThresholdBytes: opts.compactionThresholdBytes },
          (rec) => this.catalog.apply(rec),
        )
      : null;
    const ttl = setInterval(
      () => this.background('TTL monitor', () => this.expireTtl()),
      Math.max(50, opts.ttlMonitorIntervalMs),
    );
    const sweep = setInterval(() => this.cursors.sweep(), 60_000);
    for (const t of [ttl, sweep]) t.unref();
    this.timers.push(ttl, sweep);
  }

  get log(): (line: string) => void {
    return this.opts.log;
  }

  get persistent(): boolean {
    return this.journal !== null;
  }

  /**
   * Runs one command and returns its reply. Errors become `{ ok: 0, ... }` replies; writes are journaled before
   * this returns, so the caller may acknowledge as soon as it has the reply.
   */
  run(command: Document, ctx: CommandContext): Document {
    const name = Object.keys(command)[0];
    let reply: Document;
    try {
      const handler = name === undefined ? undefined : this.handlers[name];
      // Session and transaction fields (lsid, txnNumber, startTransaction, autocommit) ride along on any command
      // and are ignored: there is no isolation to provide them with.
      if (!handler) {
        throw new CommandError('CommandNotFound', `no such command: '${name ?? ''}'`);
      }
      reply = handler(command, ctx);
    } catch (err) {
      reply = toCommandError(err).toReply();
    }
    try {
      this.commit((command.writeConcern as Document | undefined)?.j === true);
    } catch (err) {
      // The change is applied in memory but not on disk: never acknowledge it as durable.
      this.opts.log(`embedded-mongo: WARNING journal write failed: ${(err as Error).message}`);
      return new CommandError('InternalError', `journal write failed: ${(err as Error).message}`).toReply();
    }
    return reply;
  }

  /** Writes journaled mutations; `durable` also fsyncs (writeConcern j:true). */
  commit(durable = false): void {
    if (!this.journal) return;
    if (durable) this.journal.sync();
    else this.journal.commit();
    if (this.journal.wantsCompaction && !this.compactionScheduled) {
      this.compactionScheduled = true;
      setImmediate(() => {
        this.compactionScheduled = false;
        this.background('compaction', () => this.compact());
      });
    }
  }

  /** Runs timer-driven work so that a failure (a full disk, say) is logged instead of crashing the process. */
  private background(what: string, work: () => unknown): void {
    try {
      work();
    } catch (err) {
      this.opts.log(`embedded-mongo: WARNING ${what} failed: ${(err as Error).message}`);
    }
  }

  /** Snapshots the whole state and truncates the journal (no-op in memory mode). */
  compact(): void {
    this.journal?.compact(this.catalog.snapshotRecords());
  }

  /** Deletes documents whose TTL-indexed date is older than the index's expireAfterSeconds, like mongod's TTL monitor. */
  expireTtl(now = Date.now()): number {
    let removed = 0;
    for (const coll of this.catalog.allCollections()) {
      for (const { field, seconds } of coll.ttlIndexes()) {
        const cutoff = now - seconds * 1000;
        const expired: Doc[] = [];
        for (const doc of coll.docs.values()) {
          const dates = valuesAtPath(doc, field).filter((v): v is Date => v instanceof Date);
          if (dates.length > 0 && Math.min(...dates.map((d) => d.getTime())) <= cutoff) expired.push(doc);
        }
        for (const doc of expired) coll.remove(doc);
        removed += expired.length;
      }
    }
    if (removed > 0) this.commit();
    return removed;
  }

  /** Stops timers and flushes/closes the journal. */
  close(): void {
    for (const t of this.timers) clearInterval(t);
    this.cursors.clear();
    this.journal?.close();
  }
}
