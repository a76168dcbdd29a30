import type { Document } from 'bson';
import { update as mingoUpdate, updateOne as mingoPipelineUpdate } from 'mingo';
import { CommandError } from './errors';
import { type Doc, cloneDoc, isPlainObject, setPath, valueKey } from './values';

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
    const docs = [cloneDoc(doc)];
    mingoPipelineUpdate(docs, {}, u as Document[] as never, {});
    const next = docs[0] as Doc;
    return valueKey(next) === valueKey(doc) ? null : next;
  }
  const modifier = prepareOperators(doc, u as Document, ctx.isInsert);
  if (Object.keys(modifier).length === 0) return null;
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
