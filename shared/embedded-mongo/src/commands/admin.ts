import { type Document, Long, calculateObjectSize } from 'bson';
import { Query } from 'mingo';
import { cursorReply } from '../cursors';
import type { CommandHandler } from '../engine';
import { CommandError } from '../errors';
import type { Collection } from '../storage/collection';
import { isPlainObject } from '../values';
import { checkFields, collationArg, notSupported } from './options';
import { arrayArg, batchSizeArg, collectionArg, docArg, intArg } from './util';

function requireCollection(coll: Collection | undefined, ns: string): Collection {
  if (!coll) throw new CommandError('NamespaceNotFound', `ns does not exist: ${ns}`);
  return coll;
}

/** Data size of a collection in BSON bytes (computed on demand; stats are rare). */
function dataSize(coll: Collection): number {
  let size = 0;
  for (const doc of coll.docs.values()) size += calculateObjectSize(doc);
  return size;
}

/** collection options create accepts and listCollections echoes (we store them; only TTL-like behaviour is real). */
const CREATE_FIELDS = new Set([
  'capped',
  'size',
  'max',
  'validator',
  'validationLevel',
  'validationAction',
  'collation',
  'timeseries',
  'expireAfterSeconds',
  'clusteredIndex',
  'changeStreamPreAndPostImages',
  'viewOn',
  'pipeline',
  'storageEngine',
  'indexOptionDefaults',
  'comment',
]);

/**
 * Collection options that would change answers and that the engine does not implement are refused (NotImplemented):
 * a non-simple default collation, capped and time-series collections, clustered indexes, a validator (mongod would
 * refuse invalid writes; the engine would store them). `storageEngine`, `indexOptionDefaults`, the pre/post images
 * of change streams (which the engine does not have) and a validation level/action without a validator cannot.
 */
function checkCreateOptions(cmd: Document): void {
  collationArg(cmd);
  if (cmd.capped === true) throw notSupported('capped collections are not supported by the embedded engine');
  if (cmd.timeseries !== undefined)
    throw notSupported('time-series collections are not supported by the embedded engine');
  if (cmd.clusteredIndex !== undefined || cmd.expireAfterSeconds !== undefined)
    throw notSupported('clustered collections are not supported by the embedded engine');
  if (isPlainObject(cmd.validator) ? Object.keys(cmd.validator).length > 0 : cmd.validator !== undefined)
    throw notSupported('schema validation (validator) is not supported by the embedded engine');
  checkFields(cmd, 'create', ['create', ...CREATE_FIELDS]);
}

const create: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'create');
  if (cmd.viewOn !== undefined)
    throw new CommandError('NotImplemented', 'views are not supported by the embedded engine');
  checkCreateOptions(cmd);
  const options: Document = {};
  for (const [k, v] of Object.entries(cmd)) if (CREATE_FIELDS.has(k) && k !== 'comment') options[k] = v;
  ctx.engine.catalog.create(ctx.db, name, options);
  return { ok: 1 };
};

const drop: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'drop');
  const coll = requireCollection(ctx.engine.catalog.get(ctx.db, name), `${ctx.db}.${name}`);
  const nIndexesWas = coll.indexCount;
  ctx.engine.catalog.drop(ctx.db, name);
  return { nIndexesWas, ns: coll.ns, ok: 1 };
};

const dropDatabase: CommandHandler = (_cmd, ctx) => {
  ctx.engine.catalog.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
};

const listCollections: CommandHandler = (cmd, ctx) => {
  const nameOnly = cmd.nameOnly === true;
  const infos = ctx.engine.catalog.collections(ctx.db).map((c) =>
    nameOnly
      ? { name: c.name, type: 'collection' }
      : {
          name: c.name,
          type: 'collection',
          options: c.options,
          info: { readOnly: false, uuid: c.uuid },
          idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
        },
  );
  const filter = docArg(cmd, 'filter');
  const query = filter ? new Query(filter, {}) : null;
  const ns = `${ctx.db}.$cmd.listCollections`;
  const docs = query ? infos.filter((i) => query.test(i)) : infos;
  const batch = ctx.engine.cursors.open(
    ns,
    docs[Symbol.iterator](),
    batchSizeArg(docArg(cmd, 'cursor') ?? {}),
    false,
  );
  return cursorReply(batch, ns, true);
};

const listDatabases: CommandHandler = (cmd, ctx) => {
  const names = ctx.engine.catalog.databaseNames();
  const filter = docArg(cmd, 'filter');
  const query = filter ? new Query(filter, {}) : null;
  let databases: Document[] = names.map((name) => {
    const size = ctx.engine.catalog.collections(name).reduce((n, c) => n + dataSize(c), 0);
    return cmd.nameOnly === true ? { name } : { name, sizeOnDisk: size, empty: size === 0 };
  });
  if (query) databases = databases.filter((d) => query.test(d));
  const totalSize = databases.reduce((n, d) => n + Number(d.sizeOnDisk ?? 0), 0);
  return cmd.nameOnly === true
    ? { databases, ok: 1 }
    : { databases, totalSize, totalSizeMb: Math.round(totalSize / 1048576), ok: 1 };
};

/** Index specification fields that are implemented or cannot change an answer (text/geo ones are metadata). */
const INDEX_SPEC_FIELDS = new Set([
  'key',
  'name',
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'hidden',
  'background',
  'v',
  'ns',
  'storageEngine',
  'collation',
  'weights',
  'default_language',
  'language_override',
  'textIndexVersion',
  '2dsphereIndexVersion',
  'bits',
  'min',
  'max',
]);

/**
 * Refuses index options that would change answers: a non-simple collation (mongod's unique check and lookups would
 * compare under it), wildcard and columnstore indexes (NotImplemented); an unknown field is mongod's error (197).
 */
function checkIndexSpec(spec: Document): void {
  if (!isPlainObject(spec)) return;
  collationArg(spec);
  if (isPlainObject(spec.key) && Object.keys(spec.key).some((f) => f === '$**' || f.endsWith('.$**')))
    throw notSupported('wildcard indexes are not supported by the embedded engine');
  for (const field of Object.keys(spec)) {
    if (field === 'wildcardProjection' || field === 'columnstoreProjection')
      throw notSupported(`${field} is not supported by the embedded engine`);
    if (!INDEX_SPEC_FIELDS.has(field))
      throw new CommandError(
        'InvalidIndexSpecificationOption',
        `The field '${field}' is not valid for an index specification. Specification: ${JSON.stringify(spec)}`,
      );
  }
}

const createIndexes: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'createIndexes');
  checkFields(cmd, 'createIndexes', ['createIndexes', 'indexes']);
  const indexes = arrayArg(cmd, 'indexes');
  if (indexes.length === 0) throw new CommandError('BadValue', 'Must specify at least one index to create');
  for (const spec of indexes) checkIndexSpec(spec);
  const existed = ctx.engine.catalog.get(ctx.db, name) !== undefined;
  const coll = ctx.engine.catalog.ensure(ctx.db, name);
  const before = coll.indexCount;
  let created = 0;
  for (const spec of indexes) if (coll.createIndex(spec)) created++;
  return {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexCount,
    createdCollectionAutomatically: !existed,
    ...(created === 0 ? { note: 'all indexes already exist' } : {}),
    ok: 1,
  };
};

const listIndexes: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'listIndexes');
  const ns = `${ctx.db}.${name}`;
  const coll = requireCollection(ctx.engine.catalog.get(ctx.db, name), ns);
  const batch = ctx.engine.cursors.open(
    ns,
    coll.listIndexes()[Symbol.iterator](),
    batchSizeArg(docArg(cmd, 'cursor') ?? {}),
    false,
  );
  return cursorReply(batch, ns, true);
};

const dropIndexes: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'dropIndexes');
  const coll = requireCollection(ctx.engine.catalog.get(ctx.db, name), `${ctx.db}.${name}`);
  const nIndexesWas = coll.indexCount;
  const index = cmd.index as unknown;
  if (Array.isArray(index)) for (const i of index) coll.dropIndex(i);
  else coll.dropIndex(index);
  return { nIndexesWas, ok: 1 };
};

function splitNs(ns: unknown): [string, string] {
  if (typeof ns !== 'string' || !ns.includes('.'))
    throw new CommandError('InvalidNamespace', `Invalid namespace specified '${String(ns)}'`);
  const dot = ns.indexOf('.');
  return [ns.slice(0, dot), ns.slice(dot + 1)];
}

const renameCollection: CommandHandler = (cmd, ctx) => {
  const [db, name] = splitNs(cmd.renameCollection);
  const [toDb, to] = splitNs(cmd.to);
  ctx.engine.catalog.rename(db, name, toDb, to, cmd.dropTarget === true);
  return { ok: 1 };
};

const dbStats: CommandHandler = (cmd, ctx) => {
  const colls = ctx.engine.catalog.collections(ctx.db);
  const objects = colls.reduce((n, c) => n + c.size, 0);
  const size = colls.reduce((n, c) => n + dataSize(c), 0);
  const scale = Math.max(1, intArg(cmd, 'scale', 1));
  return {
    db: ctx.db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? size / objects : 0,
    dataSize: size / scale,
    storageSize: size / scale,
    indexes: colls.reduce((n, c) => n + c.indexCount, 0),
    indexSize: 0,
    totalSize: size / scale,
    scaleFactor: scale,
    ok: 1,
  };
};

const collStats: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'collStats');
  const coll = requireCollection(ctx.engine.catalog.get(ctx.db, name), `${ctx.db}.${name}`);
  const size = dataSize(coll);
  return {
    ns: coll.ns,
    count: coll.size,
    size,
    avgObjSize: coll.size ? size / coll.size : 0,
    storageSize: size,
    nindexes: coll.indexCount,
    indexSizes: coll.indexKeyCounts(),
    totalIndexSize: 0,
    capped: false,
    ok: 1,
  };
};

const fsyncCommand: CommandHandler = (_cmd, ctx) => {
  ctx.engine.commit(true);
  return { numFiles: ctx.engine.persistent ? 1 : 0, ok: 1 };
};

const compact: CommandHandler = (_cmd, ctx) => {
  ctx.engine.compact();
  return { bytesFreed: new Long(0), ok: 1 };
};

/** Catalog and maintenance commands. */
export const adminCommands: Record<string, CommandHandler> = {
  create,
  drop,
  dropDatabase,
  listCollections,
  listDatabases,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  renameCollection,
  dbStats,
  dbstats: dbStats,
  collStats,
  collstats: collStats,
  fsync: fsyncCommand,
  compact,
};
