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
