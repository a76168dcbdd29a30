import { type Document, Long, calculateObjectSize } from 'bson';
import { CommandError } from './errors';
import { MAX_BSON_OBJECT_SIZE } from './wire';

/** mongod's default first batch. */
const DEFAULT_FIRST_BATCH = 101;
/** Batches stop growing near the document limit so the reply (batch + envelope) stays under it. */
const MAX_BATCH_BYTES = MAX_BSON_OBJECT_SIZE - 64 * 1024;
/** Idle cursors are reaped after this long, like mongod's cursorTimeoutMillis. */
export const CURSOR_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  ns: string;
  source: Iterator<Document>;
  /** One document read ahead, so an exhausted cursor can be reported (id 0) in the batch that drains it. */
  lookahead: IteratorResult<Document>;
  lastUsed: number;
}

/** A batch ready to go into a `cursor` reply. */
export interface Batch {
  docs: Document[];
  /** 0 when the cursor is exhausted. */
  id: Long;
}

/**
 * Server-side cursors: results are produced lazily from an iterator and handed out in batches, so a large find
 * costs only what the client actually fetches. Cursor ids stay below 2^53 so they survive number promotion.
 */
export class CursorManager {
  private readonly cursors = new Map<number, OpenCursor>();
  private nextId = 1 + Math.floor(Math.random() * 2 ** 40);

  /**
   * Starts a cursor and returns its first batch. Like mongod, an omitted `batchSize` means 101 documents and 0 means
   * an empty first batch (the cursor is only established); `singleBatch` closes the cursor after the first batch.
   */
  open(ns: string, source: Iterator<Document>, batchSize: number | undefined, singleBatch: boolean): Batch {
    const cursor: OpenCursor = { ns, source, lookahead: source.next(), lastUsed: Date.now() };
    const docs = takeBatch(cursor, batchSize ?? DEFAULT_FIRST_BATCH);
    if (cursor.lookahead.done || singleBatch) return { docs, id: Long.ZERO };
    const id = this.nextId++;
    this.cursors.set(id, cursor);
    return { docs, id: Long.fromNumber(id) };
  }

  /** The next batch of a cursor; `batchSize` 0 (or omitted) means as many as fit in 16 MB. */
  getMore(rawId: unknown, ns: string, batchSize: number): Batch {
    const id = toNumber(rawId);
    const cursor = this.cursors.get(id);
    if (!cursor) throw new CommandError('CursorNotFound', `cursor id ${id} not found`);
    if (cursor.ns !== ns) {
      throw new CommandError(
        'BadValue',
        `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`,
      );
    }
    cursor.lastUsed = Date.now();
    const docs = takeBatch(cursor, batchSize > 0 ? batchSize : Number.MAX_SAFE_INTEGER);
    if (cursor.lookahead.done) {
      this.cursors.delete(id);
      return { docs, id: Long.ZERO };
    }
    return { docs, id: Long.fromNumber(id) };
  }

  /** Kills cursors; returns which ids were found. */
  kill(ids: unknown[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of ids) {
      const id = toNumber(raw);
      (this.cursors.delete(id) ? killed : notFound).push(Long.fromNumber(id));
    }
    return { killed, notFound };
  }

  /** Reaps cursors idle for longer than the timeout. */
  sweep(now = Date.now()): void {
    for (const [id, c] of this.cursors) if (now - c.lastUsed > CURSOR_TIMEOUT_MS) this.cursors.delete(id);
  }

  get openCount(): number {
    return this.cursors.size;
  }

  clear(): void {
    this.cursors.clear();
  }
}

function takeBatch(cursor: OpenCursor, max: number): Document[] {
  const docs: Document[] = [];
  let bytes = 0;
  while (!cursor.lookahead.done && docs.length < max) {
    const doc = cursor.lookahead.value;
    const size = calculateObjectSize(doc);
    if (docs.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
    docs.push(doc);
    bytes += size;
    cursor.lookahead = cursor.source.next();
  }
  return docs;
}

function toNumber(id: unknown): number {
  if (typeof id === 'number') return id;
  if (typeof id === 'bigint') return Number(id);
  if (id instanceof Long) return id.toNumber();
  throw new CommandError('TypeMismatch', `cursor id must be a long, got ${typeof id}`);
}

/** The `cursor` sub-document of find/aggregate/list replies. */
export function cursorReply(batch: Batch, ns: string, first: boolean): Document {
  return { cursor: { [first ? 'firstBatch' : 'nextBatch']: batch.docs, id: batch.id, ns }, ok: 1 };
}
