import type { Connection } from 'mongoose';

/** What a raw command needs: the service's connection (the context has it). */
export interface DatabaseHandle {
  mongo: Connection;
}

/** A write error of an insert/update command's reply (the command itself answered ok). */
interface WriteError {
  index: number;
  code: number;
  errmsg: string;
}

export interface WriteReply {
  n?: number;
  writeErrors?: WriteError[];
}

/**
 * Runs one database command on the connection's database handle. For a send's hot path only: the driver's
 * operation classes around the same command (cursors for an aggregate, bulk batching and result objects for
 * writes) cost the replica more CPU than the engine spends answering it (bench/chat, V8 profiles). Same wire
 * command, same server-side semantics; there are no retryable writes to lose on the embedded single server.
 */
export async function runCommand<T>(ctx: DatabaseHandle, command: Record<string, unknown>): Promise<T> {
  // The handle exists once connected, which the context waited for (its models' init()).
  const db = ctx.mongo.db ?? ctx.mongo.getClient().db(ctx.mongo.name);
  return (await db.command(command)) as T;
}

/** The first write error of a reply as a thrown error carrying its code, as the driver would throw it. */
export function throwWriteError(reply: WriteReply): void {
  const failed = reply.writeErrors?.[0];
  if (failed) throw Object.assign(new Error(failed.errmsg), { code: failed.code });
}

/**
 * The documents of a single-batch aggregate (the pipeline's result is small and bounded): the first batch is all
 * of it, or this throws rather than leave a cursor open.
 */
export async function aggregateOnce<T>(
  ctx: DatabaseHandle,
  collection: string,
  pipeline: Record<string, unknown>[],
): Promise<T[]> {
  const reply = await runCommand<{ cursor: { id: unknown; firstBatch: T[] } }>(ctx, {
    aggregate: collection,
    pipeline,
    cursor: {},
  });
  if (Number(reply.cursor.id) !== 0) {
    await runCommand(ctx, { killCursors: collection, cursors: [reply.cursor.id] });
    throw new Error(`aggregate on ${collection} returned more than one batch`);
  }
  return reply.cursor.firstBatch;
}
