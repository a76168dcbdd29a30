import mongoose, { type Connection, type Schema } from 'mongoose';
import type { Logger } from 'pino';

export interface ConnectMongoOptions {
  url: string;
  dbName: string;
  logger?: Logger;
  /** How long to look for a server before failing a command or the initial connect. Default 5 s. */
  serverSelectionTimeoutMS?: number;
}

/** Removes `_id` and `__v` and exposes `id` as a string, at every level a transform reaches. */
function apiTransform(_doc: unknown, ret: Record<string, unknown>): Record<string, unknown> {
  if (ret._id !== undefined && ret.id === undefined) ret.id = String(ret._id);
  delete ret._id;
  delete ret.__v;
  return ret;
}

/**
 * The mongoose plugin behind "every API object has `id`, never `_id`/`__v`": `toJSON()`/`toObject()` give
 * `id` as a string, ObjectIds as hex strings, no version key. Also turns `strictQuery` on (filters on
 * unknown paths are dropped). Applied to every schema of a connection by {@link connectMongo}; lean queries
 * bypass it — use {@link toApiObject} on their results.
 */
export function apiJsonPlugin(schema: Schema): void {
  const options = { virtuals: true, versionKey: false, flattenObjectIds: true, transform: apiTransform };
  schema.set('toJSON', options);
  schema.set('toObject', options);
  schema.set('strictQuery', true);
}

/** The same shape for a lean (plain) document: `id` string, no `_id`/`__v`, ObjectIds as strings (top level). */
export function toApiObject<T extends { _id?: unknown }>(doc: T): Omit<T, '_id' | '__v'> & { id: string } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === '_id' || key === '__v') continue;
    out[key] = value instanceof mongoose.Types.ObjectId ? value.toHexString() : value;
  }
  out.id = String(doc._id);
  return out as Omit<T, '_id' | '__v'> & { id: string };
}

/**
 * Opens a mongoose connection (one database per service) with `sanitizeFilter` on (a `{$ne: …}` smuggled into a
 * filter value is neutralised), `strictQuery`, auto-indexing (unique indexes must exist) and the
 * {@link apiJsonPlugin}. Resolves once connected; rejects after `serverSelectionTimeoutMS` when unreachable.
 */
export async function connectMongo(options: ConnectMongoOptions): Promise<Connection> {
  const connection = mongoose.createConnection(options.url, {
    dbName: options.dbName,
    sanitizeFilter: true,
    autoIndex: true,
    autoCreate: true,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5_000,
  });
  connection.plugin(apiJsonPlugin);
  const log = options.logger?.child({ component: 'mongo', db: options.dbName });
  // close() passes through 'disconnecting'; a connection lost under us goes straight to 'disconnected'.
  let closing = false;
  connection.on('disconnecting', () => (closing = true));
  connection.on('disconnected', () =>
    closing ? log?.info('mongodb closed') : log?.warn('mongodb disconnected'),
  );
  connection.on('reconnected', () => log?.info('mongodb reconnected'));
  connection.on('error', (error: Error) => log?.error({ err: error }, 'mongodb error'));
  try {
    await connection.asPromise();
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
  log?.info('mongodb connected');
  return connection;
}

/** True when the database answers `ping` within `timeoutMs`; never throws, never waits longer. */
export async function pingMongo(connection: Connection, timeoutMs = 800): Promise<boolean> {
  const db = connection.db;
  if (connection.readyState !== mongoose.ConnectionStates.connected || !db) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const answer = await Promise.race([db.command({ ping: 1 }), timeout]);
    return answer !== 'timeout' && answer.ok === 1;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
