import type { Document } from 'bson';
import { Aggregator, update as mingoUpdate } from 'mingo';
import { CommandError } from './errors';
import { type Doc, bsonType, cloneDoc, isPlainObject, setPath, valueKey } from './values';

/** Update operators mongod accepts; all but `$setOnInsert` are applied by mingo. */
const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$bit',
  '$currentDate',
  '$setOnInsert',
]);

export type UpdateKind = 'operators' | 'replacement' | 'pipeline';

/** Classifies the `u` of an update statement and rejects mixes of operators and plain fields. */
export function updateKind(u: unknown): UpdateKind {
  if (Array.isArray(u)) return 'pipeline';
  if (!isPlainObject(u))
    throw new CommandError('FailedToParse', 'Update argument must be either an object or an array');
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length === 0) return 'replacement';
  if (ops.length !== keys.length) {
    const field = keys.find((k) => !k.startsWith('$')) as string;
    throw new CommandError(
      'FailedToParse',
      `Unknown modifier: ${field}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  for (const op of ops) {
    if (!OPERATORS.has(op)) {
      throw new CommandError(
        'FailedToParse',
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(u[op])) {
      throw new CommandError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${typeof u[op]} instead.`,
      );
    }
  }
  return 'operators';
}

export interface UpdateContext {
  arrayFilters?: Document[];
  /** The statement's filter; mingo needs it to resolve the positional `$` operator. */
  filter: Document;
  /** True when building an upserted document, which is when `$setOnInsert` applies. */
  isInsert: boolean;
}

/**
 * Applies an update to a copy of `doc` and returns the new document, or null when nothing changed.
 * The stored document is never touched: callers swap the result in.
 */
export function applyUpdate(doc: Doc, u: Document | Document[], ctx: UpdateContext): Doc | null {
  const kind = updateKind(u);
  if (kind === 'replacement') {
    const next: Doc = { _id: doc._id, ...cloneDoc(u as Doc) };
    return valueKey(next) === valueKey(doc) ? null : next;
  }
  if (kind === 'pipeline') {
    const next = applyPipeline(doc, u as Document[]);
    return valueKey(next) === valueKey(doc) ? null : next;
  }
  const modifier = prepareOperators(doc, u as Document, ctx.isInsert);
  if (Object.keys(modifier).length === 0) return null;
  if (!ctx.arrayFilters) {
    const fast = applySimpleOperators(doc, modifier);
    if (fast !== undefined) return fast;
  }
  const copy = cloneDoc(doc);
  const positional = Object.values(modifier).some((fields) =>
    Object.keys(fields as Document).some((p) => /(^|\.)\$(\.|$)/.test(p)),
  );
  const changed = mingoUpdate(
    copy,
    modifier as never,
    ctx.arrayFilters,
    positional ? ctx.filter : undefined,
    { cloneMode: 'copy' },
  );
  return changed.length > 0 ? copy : null;
}

/** The stages mongod allows in an update pipeline. */
const UPDATE_PIPELINE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

/**
 * Runs an update pipeline on a copy of `doc` through mingo's aggregator (mingo's own pipeline update cannot report
 * what `$replaceWith` of an expression changed: "bug: failed to retrieve modified fields"). As in mongod, the result
 * keeps the document's `_id` when it has none (a replacement without `_id`), and changing `_id` is an ImmutableField
 * error (from the collection); stages other than mongod's six are refused with its error (InvalidOptions).
 */
function applyPipeline(doc: Doc, pipeline: Document[]): Doc {
  for (const stage of pipeline) {
    const keys = isPlainObject(stage) ? Object.keys(stage) : [];
    if (keys.length !== 1)
      throw new CommandError(
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    const op = keys[0] as string;
    if (!UPDATE_PIPELINE_STAGES.has(op))
      throw new CommandError('InvalidOptions', `${op} is not allowed to be used within an update`);
  }
  const out = new Aggregator(pipeline).run([cloneDoc(doc)]) as Doc[];
  const result = out[0];
  if (out.length !== 1 || !isPlainObject(result))
    throw new CommandError('BadValue', 'an update pipeline must produce exactly one document');
  if (result._id !== undefined || doc._id === undefined) return result;
  return { _id: doc._id, ...result };
}

/**
 * Values whose MongoDB equality is plain JS equality (dates and ObjectIds by value). The fast path below only
 * touches fields holding these (or missing), so its "changed" answer is the one mingo gives.
 */
function isSimpleValue(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      return v === null || v instanceof Date || bsonType(v) === 'ObjectId';
    default:
      return false;
  }
}

function sameSimpleValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (a !== null && typeof a === 'object') return bsonType(b) === 'ObjectId' && valueKey(a) === valueKey(b);
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/** A top-level field name an update may address without path handling (no dots, no operators, not `_id`). */
function isPlainField(name: string): boolean {
  return name !== '' && name !== '_id' && !name.includes('.') && !name.startsWith('$');
}

/**
 * The common shape of an update (`$set`, `$unset`, `$inc` of top-level fields holding simple values) applied
 * without mingo, whose update call builds a fresh operator context each time (most of an upsert's CPU in
 * bench/chat). Returns undefined when the update has any other shape, so mingo applies it. The result is what
 * mingo gives: existing fields keep their place, new ones are appended in the order the update names them, and
 * null means nothing changed. Unchanged values are shared with `doc` (stored documents are never mutated).
 */
export function applySimpleOperators(doc: Doc, modifier: Document): Doc | null | undefined {
  const seen = new Set<string>();
  for (const op of Object.keys(modifier)) {
    if (op !== '$set' && op !== '$unset' && op !== '$inc') return undefined;
    const fields = modifier[op] as Document;
    for (const field of Object.keys(fields)) {
      // A field named twice is mongod's "would create a conflict" error: mingo's path reports it.
      if (!isPlainField(field) || seen.has(field)) return undefined;
      seen.add(field);
      const current = doc[field] as unknown;
      if (current !== undefined && !isSimpleValue(current)) return undefined;
      const value = fields[field] as unknown;
      if (op === '$set' && !isSimpleValue(value)) return undefined;
      if (
        op === '$inc' &&
        (typeof value !== 'number' || (current !== undefined && typeof current !== 'number'))
      )
        return undefined;
    }
  }
  let next: Doc | null = null;
  for (const op of Object.keys(modifier)) {
    const fields = modifier[op] as Document;
    for (const field of Object.keys(fields)) {
      const has = Object.prototype.hasOwnProperty.call(doc, field);
      const current = doc[field] as unknown;
      if (op === '$unset') {
        if (!has) continue;
        next ??= { ...doc };
        delete next[field];
        continue;
      }
      let value = fields[field] as unknown;
      if (op === '$inc') value = current === undefined ? value : (current as number) + (value as number);
      if (has && sameSimpleValue(current, value)) continue;
      next ??= { ...doc };
      next[field] = value instanceof Date ? new Date(value.getTime()) : value;
    }
  }
  return next;
}

/**
 * Turns `$setOnInsert` into `$set` when inserting (drops it otherwise) and handles `_id` the way mongod does:
 * setting it to its current value is a no-op, changing it is an ImmutableField error.
 */
function prepareOperators(doc: Doc, u: Document, isInsert: boolean): Document {
  const modifier: Document = { ...u };
  const onInsert = modifier.$setOnInsert as Document | undefined;
  delete modifier.$setOnInsert;
  if (isInsert && onInsert) modifier.$set = { ...(modifier.$set as Document | undefined), ...onInsert };
  const set = modifier.$set as Document | undefined;
  if (set && '_id' in set) {
    if (valueKey(set._id) !== valueKey(doc._id)) {
      throw new CommandError(
        'ImmutableField',
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
    const rest = { ...set };
    delete rest._id;
    if (Object.keys(rest).length) modifier.$set = rest;
    else delete modifier.$set;
  }
  return modifier;
}

/**
 * The document an upsert starts from: the filter's equality conditions (top level and inside `$and`), with the
 * `_id` from the filter or the update when one is given there, as mongod seeds it.
 */
export function upsertSeed(filter: Document, u: Document | Document[]): Doc {
  const seed: Doc = {};
  const visit = (f: Document): void => {
    for (const [key, value] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const clause of value) if (isPlainObject(clause)) visit(clause);
        continue;
      }
      if (key.startsWith('$') || value instanceof RegExp) continue;
      if (isPlainObject(value)) {
        const keys = Object.keys(value);
        if (keys.length === 1 && keys[0] === '$eq') setPath(seed, key, cloneDoc(value.$eq));
        else if (!keys.some((k) => k.startsWith('$'))) setPath(seed, key, cloneDoc(value));
        continue;
      }
      setPath(seed, key, cloneDoc(value));
    }
  };
  visit(filter);
  if (!Array.isArray(u)) {
    const fromUpdate = ((u.$set as Document | undefined)?._id ??
      (u.$setOnInsert as Document | undefined)?._id) as unknown;
    if (fromUpdate !== undefined) seed._id = fromUpdate;
  }
  return seed;
}

/** Builds the document an upsert inserts. */
export function buildUpsert(filter: Document, u: Document | Document[], arrayFilters?: Document[]): Doc {
  const kind = updateKind(u);
  const seed = upsertSeed(filter, u);
  if (kind === 'replacement') {
    const doc = cloneDoc(u as Doc);
    return doc._id === undefined && seed._id !== undefined ? { _id: seed._id, ...doc } : doc;
  }
  return applyUpdate(seed, u, { arrayFilters, filter, isInsert: true }) ?? seed;
}
