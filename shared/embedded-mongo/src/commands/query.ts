import type { Document } from 'bson';
import { Aggregator } from 'mingo';
import { cursorReply } from '../cursors';
import type { CommandContext, CommandHandler } from '../engine';
import { CommandError } from '../errors';
import { compileProjection, simpleProjection } from '../projection';
import { sortDocs } from '../storage/sort';
import { type Doc, cloneDoc, isPlainObject, valueKey, valuesAtPath } from '../values';
import { checkFields, hintArg, matching, notSupported } from './options';
import { checkFilter } from '../filter-check';
import { arrayArg, batchSizeArg, collectionArg, docArg, intArg } from './util';

/** Skip, limit and projection applied lazily so cursors only materialize what clients fetch. */
function* window(docs: Iterable<Doc>, skip: number, limit: number, project: (d: Doc) => Doc): Generator<Doc> {
  let skipped = 0;
  let produced = 0;
  for (const doc of docs) {
    if (skipped < skip) {
      skipped++;
      continue;
    }
    if (limit > 0 && produced >= limit) return;
    produced++;
    yield project(doc);
  }
}

/** The find fields the engine implements (others: see ./options). */
const FIND_FIELDS = [
  'find',
  'filter',
  'projection',
  'sort',
  'skip',
  'limit',
  'batchSize',
  'singleBatch',
  'hint',
];

const find: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'find');
  const ns = `${ctx.db}.${name}`;
  checkFields(cmd, 'find', FIND_FIELDS);
  const filter = docArg(cmd, 'filter') ?? {};
  const sort = docArg(cmd, 'sort');
  const skip = Math.max(0, intArg(cmd, 'skip'));
  let limit = intArg(cmd, 'limit');
  let singleBatch = cmd.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  let batchSize = batchSizeArg(cmd);
  if (limit > 0 && (batchSize === undefined || batchSize > limit))
    batchSize = Math.min(limit, batchSize ?? 101);
  const project = compileProjection(docArg(cmd, 'projection'), filter);

  const coll = ctx.engine.catalog.get(ctx.db, name);
  checkFilter(filter); // mongod parses the filter whether or not the collection exists
  let docs: Iterable<Doc> = coll ? matching(coll, filter, hintArg(cmd, coll)) : [];
  if (coll && sort && Object.keys(sort).length > 0)
    docs = sortDocs(docs, sort, undefined, limit > 0 ? skip + limit : 0);
  const batch = ctx.engine.cursors.open(ns, window(docs, skip, limit, project), batchSize, singleBatch);
  return cursorReply(batch, ns, true);
};

const getMore: CommandHandler = (cmd, ctx) => {
  checkFields(cmd, 'getMore', ['getMore', 'collection', 'batchSize']);
  const ns = `${ctx.db}.${collectionArg(cmd, 'collection')}`;
  const batch = ctx.engine.cursors.getMore(cmd.getMore, ns, batchSizeArg(cmd) ?? 0);
  return cursorReply(batch, ns, false);
};

const killCursors: CommandHandler = (cmd, ctx) => {
  const { killed, notFound } = ctx.engine.cursors.kill(arrayArg(cmd, 'cursors'));
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

const count: CommandHandler = (cmd, ctx) => {
  checkFields(cmd, 'count', ['count', 'query', 'limit', 'skip', 'hint']);
  const coll = ctx.engine.catalog.get(ctx.db, collectionArg(cmd, 'count'));
  const hint = hintArg(cmd, coll);
  const query = docArg(cmd, 'query') ?? {};
  checkFilter(query);
  if (!coll) return { n: 0, ok: 1 };
  const skip = Math.max(0, intArg(cmd, 'skip'));
  const limit = Math.abs(intArg(cmd, 'limit'));
  let n: number;
  if (Object.keys(query).length === 0) n = coll.size;
  else {
    n = 0;
    for (const _ of matching(coll, query, hint)) n++;
  }
  n = Math.max(0, n - skip);
  return { n: limit > 0 ? Math.min(n, limit) : n, ok: 1 };
};

const distinct: CommandHandler = (cmd, ctx) => {
  checkFields(cmd, 'distinct', ['distinct', 'key', 'query', 'hint']);
  const coll = ctx.engine.catalog.get(ctx.db, collectionArg(cmd, 'distinct'));
  const hint = hintArg(cmd, coll);
  const key = cmd.key as unknown;
  if (typeof key !== 'string' || !key)
    throw new CommandError('FailedToParse', "BSON field 'key' is missing or not a string");
  const seen = new Map<string, unknown>();
  checkFilter(docArg(cmd, 'query'));
  for (const doc of coll ? matching(coll, docArg(cmd, 'query') ?? {}, hint) : []) {
    for (const v of valuesAtPath(doc, key)) {
      if (v === undefined) continue;
      const k = valueKey(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  return { values: [...seen.values()], ok: 1 };
};

/** Stages MongoDB has that the engine does not run (change streams, diagnostics, Atlas search, geo, `$merge`). */
const SERVER_ONLY_STAGES = new Set([
  '$merge',
  '$changeStream',
  '$changeStreamSplitLargeEvent',
  '$currentOp',
  '$collStats',
  '$indexStats',
  '$listSessions',
  '$listLocalSessions',
  '$listSearchIndexes',
  '$listSampledQueries',
  '$planCacheStats',
  '$querySettings',
  '$search',
  '$searchMeta',
  '$vectorSearch',
  '$shardedDataDistribution',
  '$geoNear',
]);

/** Stages mingo runs (its pipeline operators), `$out` handled here. */
const RUNNABLE_STAGES = new Set([
  '$addFields',
  '$bucket',
  '$bucketAuto',
  '$count',
  '$densify',
  '$documents',
  '$facet',
  '$fill',
  '$graphLookup',
  '$group',
  '$limit',
  '$lookup',
  '$match',
  '$out',
  '$project',
  '$redact',
  '$replaceRoot',
  '$replaceWith',
  '$sample',
  '$set',
  '$setWindowFields',
  '$skip',
  '$sort',
  '$sortByCount',
  '$unionWith',
  '$unset',
  '$unwind',
]);

/**
 * Checks every stage of a pipeline (and of the pipelines inside `$facet`, `$lookup` and `$unionWith`) the way mongod
 * does before running it: one field per stage (40323), a known stage name (40324), `$out` only last at the top
 * (40601); stages MongoDB has and the engine does not run answer NotImplemented.
 */
function checkPipeline(pipeline: unknown[], top: boolean): void {
  pipeline.forEach((stage, i) => {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1)
      throw new CommandError(
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    const [op, spec] = Object.entries(stage)[0] as [string, unknown];
    if (SERVER_ONLY_STAGES.has(op)) throw notSupported(`${op} is not supported by the embedded engine`);
    if (!RUNNABLE_STAGES.has(op))
      throw new CommandError('Location40324', `Unrecognized pipeline stage name: '${op}'`);
    if (op === '$match') checkFilter(spec);
    if (op === '$out' && (!top || i !== pipeline.length - 1))
      throw new CommandError('Location40601', '$out can only be the final stage in the pipeline');
    if (op === '$facet' && isPlainObject(spec))
      for (const sub of Object.values(spec)) if (Array.isArray(sub)) checkPipeline(sub, false);
    if ((op === '$lookup' || op === '$unionWith') && isPlainObject(spec) && Array.isArray(spec.pipeline))
      checkPipeline(spec.pipeline, false);
  });
}

/** Stages that only filter, reorder or summarize: they never write into the documents flowing through them. */
const NON_MUTATING_STAGES = new Set([
  '$match',
  '$sort',
  '$limit',
  '$skip',
  '$count',
  '$group',
  '$sortByCount',
  '$sample',
]);

/** Whether a pipeline can run on stored documents directly, without defensive copies. */
function isReadOnlyPipeline(pipeline: Document[]): boolean {
  return pipeline.every((stage) => {
    const [op, spec] = Object.entries(stage)[0] ?? [];
    if (op === '$facet' && isPlainObject(spec))
      return Object.values(spec).every((p) => Array.isArray(p) && isReadOnlyPipeline(p as Document[]));
    if (op === '$lookup' && isPlainObject(spec)) {
      return (
        !String(spec.as ?? '').includes('.') &&
        (!Array.isArray(spec.pipeline) || isReadOnlyPipeline(spec.pipeline as Document[]))
      );
    }
    return op !== undefined && NON_MUTATING_STAGES.has(op);
  });
}

/** Adapts mingo's lazy iterator to a standard iterator. */
function* fromMingo(it: { next(): { value?: unknown; done: boolean } }): Generator<Doc> {
  for (let r = it.next(); !r.done; r = it.next()) yield r.value as Doc;
}

function outTarget(stage: Document, db: string): { db: string; coll: string } {
  const spec = stage.$out as unknown;
  if (typeof spec === 'string') return { db, coll: spec };
  if (isPlainObject(spec) && typeof spec.coll === 'string')
    return { db: typeof spec.db === 'string' ? spec.db : db, coll: spec.coll };
  throw new CommandError('FailedToParse', '$out must be a collection name or { db, coll }');
}

const aggregate: CommandHandler = (cmd, ctx) => {
  const target = cmd.aggregate as unknown;
  const dbLevel = target === 1;
  const name = dbLevel ? '$cmd.aggregate' : collectionArg(cmd, 'aggregate');
  const ns = `${ctx.db}.${name}`;
  checkFields(cmd, 'aggregate', ['aggregate', 'pipeline', 'explain', 'cursor', 'hint']);
  const pipeline = [...arrayArg(cmd, 'pipeline')];
  if (cmd.explain === true)
    throw new CommandError('NotImplemented', 'explain is not supported by the embedded engine');
  const cursorOpts = docArg(cmd, 'cursor');
  if (!cursorOpts)
    throw new CommandError(
      'FailedToParse',
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  checkPipeline(pipeline, true);
  const last = pipeline[pipeline.length - 1];
  const out = last && '$out' in last ? outTarget(pipeline.pop() as Document, ctx.db) : undefined;
  const copy = !isReadOnlyPipeline(pipeline);
  const prepare = (docs: Iterable<Doc>): Iterable<Doc> => (copy ? [...docs].map(cloneDoc) : docs);
  const coll = dbLevel ? undefined : ctx.engine.catalog.get(ctx.db, name);
  const hint = hintArg(cmd, coll);
  // A leading $match goes through the collection so it can use the _id map and hash indexes.
  const first = pipeline[0];
  let source: Iterable<Doc> = [];
  if (coll && first && '$match' in first && isPlainObject(first.$match)) {
    source = matching(coll, first.$match, hint);
    pipeline.shift();
  } else if (coll) source = hint.natural ? matching(coll, {}, hint) : coll.docs.values();

  const counted = out ? undefined : countGroup(pipeline, source);
  if (counted)
    return cursorReply(ctx.engine.cursors.open(ns, counted, batchSizeArg(cursorOpts), false), ns, true);
  const planned = out || dbLevel ? undefined : plannedPipeline(ctx, pipeline, source);
  if (planned) {
    const batch = ctx.engine.cursors.open(ns, planned[Symbol.iterator](), batchSizeArg(cursorOpts), false);
    return cursorReply(batch, ns, true);
  }

  const aggregator = new Aggregator(pipeline, {
    collectionResolver: (from: string) => [
      ...prepare(ctx.engine.catalog.get(ctx.db, from)?.docs.values() ?? []),
    ],
  });
  const results = fromMingo(aggregator.stream(prepare(source)));
  if (out) {
    writeOut(ctx, out, [...results]);
    return cursorReply(ctx.engine.cursors.open(ns, [][Symbol.iterator](), 0, true), ns, true);
  }
  const batch = ctx.engine.cursors.open(ns, results, batchSizeArg(cursorOpts), false);
  return cursorReply(batch, ns, true);
};

function* take(docs: Iterable<Doc>, n: number): Generator<Doc> {
  if (n <= 0) return;
  let left = n;
  for (const doc of docs) {
    yield doc;
    if (--left === 0) return;
  }
}

function* drop(docs: Iterable<Doc>, n: number): Generator<Doc> {
  let skipped = 0;
  for (const doc of docs) if (skipped++ >= n) yield doc;
}

function* mapDocs(docs: Iterable<Doc>, fn: (doc: Doc) => Doc): Generator<Doc> {
  for (const doc of docs) yield fn(doc);
}

function* concat(first: Iterable<Doc>, second: Iterable<Doc>): Generator<Doc> {
  yield* first;
  yield* second;
}

/**
 * Pipelines made only of `$limit`, `$skip`, top-level `$project`s and `$unionWith` of such pipelines (each with an
 * optional leading `$match`) run as generators over the collections' planners, without a mingo aggregator per
 * call: a `$unionWith`'s leading `$match` then uses the foreign collection's indexes instead of a scan of it (mingo
 * gets the whole collection from the resolver). Returns undefined for any other stage or a malformed one, which
 * mingo then runs (and reports). Nothing here writes into a document, so stored ones flow through uncopied.
 */
function plannedPipeline(
  ctx: CommandContext,
  pipeline: Document[],
  source: Iterable<Doc>,
): Iterable<Doc> | undefined {
  let docs = source;
  for (const stage of pipeline) {
    const keys = Object.keys(stage);
    if (keys.length !== 1) return undefined;
    const op = keys[0] as string;
    const spec = stage[op] as unknown;
    if (op === '$limit' || op === '$skip') {
      if (typeof spec !== 'number' || !Number.isInteger(spec) || spec < (op === '$limit' ? 1 : 0))
        return undefined;
      docs = op === '$limit' ? take(docs, spec) : drop(docs, spec);
    } else if (op === '$project') {
      const project = isPlainObject(spec) ? simpleProjection(spec) : undefined;
      if (!project) return undefined;
      docs = mapDocs(docs, project);
    } else if (op === '$unionWith') {
      const union = typeof spec === 'string' ? { coll: spec, pipeline: [] } : spec;
      if (!isPlainObject(union) || typeof union.coll !== 'string') return undefined;
      const sub = union.pipeline ?? [];
      if (
        !Array.isArray(sub) ||
        !sub.every(isPlainObject) ||
        Object.keys(union).some((k) => k !== 'coll' && k !== 'pipeline')
      )
        return undefined;
      const foreign = ctx.engine.catalog.get(ctx.db, union.coll);
      const first = sub[0] as Document | undefined;
      const leadingMatch =
        first && Object.keys(first).length === 1 && isPlainObject(first.$match) ? first.$match : undefined;
      const subSource: Iterable<Doc> = !foreign
        ? []
        : leadingMatch
          ? foreign.find(leadingMatch)
          : foreign.docs.values();
      const inner = plannedPipeline(ctx, leadingMatch ? sub.slice(1) : sub, subSource);
      if (!inner) return undefined;
      docs = concat(docs, inner);
    } else return undefined;
  }
  return docs;
}

/**
 * A pipeline that is only `{ $group: { _id: <constant>, n: { $sum: <number> } } }` after the leading `$match` (what
 * the driver's countDocuments sends) counts the matches without building a mingo aggregator per call. Returns
 * undefined for any other pipeline. Like mongod, no input means no group.
 */
function countGroup(pipeline: Document[], source: Iterable<Doc>): Iterator<Doc> | undefined {
  if (pipeline.length !== 1) return undefined;
  const group = (pipeline[0] as Document).$group as unknown;
  if (!isPlainObject(group) || Object.keys(pipeline[0] as Document).length !== 1) return undefined;
  const id = group._id;
  const constant = id === null || typeof id === 'number' || (typeof id === 'string' && !id.startsWith('$'));
  if (!('_id' in group) || !constant) return undefined;
  const sums: [string, number][] = [];
  for (const [field, spec] of Object.entries(group)) {
    if (field === '_id') continue;
    if (!isPlainObject(spec) || Object.keys(spec).length !== 1 || typeof spec.$sum !== 'number')
      return undefined;
    sums.push([field, spec.$sum]);
  }
  let n = 0;
  for (const _ of source) n++;
  if (n === 0) return [][Symbol.iterator]();
  const doc: Doc = { _id: id };
  for (const [field, each] of sums) doc[field] = n * each;
  return [doc][Symbol.iterator]();
}

/** `$out`: replaces the target collection's documents (keeping its indexes) with the pipeline's results. */
function writeOut(ctx: CommandContext, target: { db: string; coll: string }, docs: Doc[]): void {
  const coll = ctx.engine.catalog.ensure(target.db, target.coll);
  for (const doc of [...coll.docs.values()]) coll.remove(doc);
  for (const doc of docs) coll.insert(cloneDoc(doc));
}

/** Read commands: find, getMore, killCursors, count, distinct, aggregate. */
export const queryCommands: Record<string, CommandHandler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
