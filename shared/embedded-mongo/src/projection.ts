import type { Document } from 'bson';
import { Query } from 'mingo';
import { type Doc, cloneDoc } from './values';

/**
 * Compiles a find/findAndModify projection into a per-document function (mingo semantics). mingo builds new
 * top-level objects but edits nested ones in place for dotted paths and operators, so those get a private copy
 * first; stored documents must never change.
 */
export function compileProjection(
  projection: Document | undefined,
  filter: Document = {},
): (doc: Doc) => Doc {
  if (!projection || Object.keys(projection).length === 0) return (doc) => doc;
  const simple = simpleProjection(projection);
  if (simple) return simple;
  const needsCopy = Object.entries(projection).some(
    ([k, v]) => k.includes('.') || (v !== null && typeof v === 'object') || typeof v === 'string',
  );
  // The query only matters for positional (`field.$`) projections; otherwise it must not filter the document out.
  const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
  const query = new Query(positional ? filter : {}, {});
  const plain = positional ? new Query({}, {}) : query;
  return (doc) => {
    const input = needsCopy ? cloneDoc(doc) : doc;
    // A positional projection needs the filter to pick the element; a document it no longer matches (findAndModify
    // returning the updated version) is projected without it rather than dropped.
    return (query.find([input], projection).next() ?? plain.find([input], projection).next()) as Doc;
  };
}

/**
 * Inclusion or exclusion of top-level fields only (`{ _id: 1 }`, `{ a: 1, b: 1 }`, `{ a: 0 }`, `_id` either way):
 * a loop over the document's own fields instead of a mingo query per call. Fields come out in the document's
 * order (`_id` first), as mongod returns them. Anything else (paths, operators, a mix mongod refuses) is left to
 * mingo. Values are shared with the stored document, which is never mutated.
 */
export function simpleProjection(projection: Document): ((doc: Doc) => Doc) | undefined {
  let include: boolean | undefined;
  let keepId = true;
  const named = new Set<string>();
  for (const [field, spec] of Object.entries(projection)) {
    if (field === '' || field.includes('.') || field.startsWith('$')) return undefined;
    if (typeof spec !== 'number' && typeof spec !== 'boolean') return undefined;
    const on = spec !== 0 && spec !== false;
    if (field === '_id') {
      keepId = on;
      continue;
    }
    if (include !== undefined && include !== on) return undefined;
    include = on;
    named.add(field);
  }
  if (include === undefined) {
    // Only `_id` named: `{ _id: 0 }` drops it, `{ _id: 1 }` keeps nothing else.
    include = keepId;
  }
  if (keepId) {
    if (include) named.add('_id');
  } else if (include) named.delete('_id');
  else named.add('_id');
  return (doc) => {
    const out: Doc = {};
    for (const key of Object.keys(doc)) if (named.has(key) === include) out[key] = doc[key];
    return out;
  };
}
