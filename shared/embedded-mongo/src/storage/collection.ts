import { type Document, ObjectId, type UUID } from 'bson';
import { Query } from 'mingo';
import { CommandError } from '../errors';
import { type Doc, bsonType, valueKey } from '../values';
import { HashIndex, type IndexSpec, cartesian, normalizeIndexSpec, sameIndexOptions } from './indexes';
import { equalityConstraints, isExactlyEqualities } from './plan';

/** Receives every mutation so it can be journaled; replay uses a collection without one. */
export interface MutationSink {
  record(entry: Document): void;
}

/** The implicit `_id` index as listIndexes reports it. */
export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/** Largest number of index probes we do before a scan is the cheaper plan. */
const MAX_PROBES = 10_000;

/**
 * One collection: documents keyed by canonical `_id`, plus hash indexes. Stored documents are never mutated;
 * updates swap in a new object, so cursors and callers holding an old reference are unaffected.
 */
export class Collection {
  readonly docs = new Map<string, Doc>();
  private readonly indexes = new Map<string, HashIndex>();

  constructor(
    public db: string,
    public name: string,
    public options: Document,
    readonly uuid: UUID,
    private readonly sink: MutationSink | null,
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  /** Inserts a document (adding an `_id` first when missing) and returns the stored copy. */
  insert(input: Doc): Doc {
    const doc = withIdFirst(input);
    validateId(doc._id);
    const id = valueKey(doc._id);
    if (this.docs.has(id)) throw this.idDuplicate(doc._id);
    const keys = this.indexKeys(doc);
    for (const [index, k] of keys) index.checkUnique(k, id);
    for (const [index, k] of keys) index.add(k, id);
    this.docs.set(id, doc);
    this.sink?.record({ op: 'i', db: this.db, c: this.name, d: doc });
    return doc;
  }

  /** Replaces `current` (a stored document) with `next`; the `_id` must not change. */
  replace(current: Doc, next: Doc): Doc {
    const id = valueKey(current._id);
    const doc = withIdFirst({ ...next, _id: next._id === undefined ? current._id : next._id });
    if (valueKey(doc._id) !== id) {
      throw new CommandError(
        'ImmutableField',
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
    const oldKeys = this.indexKeys(current);
    const newKeys = this.indexKeys(doc);
    for (const [index, k] of newKeys) index.checkUnique(k, id);
    for (const [index, k] of oldKeys) index.remove(k, id);
    for (const [index, k] of newKeys) index.add(k, id);
    this.docs.set(id, doc);
    this.sink?.record({ op: 'u', db: this.db, c: this.name, d: doc });
    return doc;
  }

  /** Removes a stored document. */
  remove(doc: Doc): void {
    const id = valueKey(doc._id);
    if (!this.docs.has(id)) return;
    for (const [index, k] of this.indexKeys(doc)) index.remove(k, id);
    this.docs.delete(id);
    this.sink?.record({ op: 'd', db: this.db, c: this.name, id: doc._id });
  }

  getById(id: unknown): Doc | undefined {
    return this.docs.get(valueKey(id));
  }

  /**
   * Documents matching `filter`, in insertion order. Equality on `_id` or on every field of a hash index narrows the
   * candidates first; everything else is a scan (`scan` forces one, for a `$natural` hint). mingo evaluates the full
   * filter unless the index lookup alone is already exact (the common findById / findOne-by-unique-key case, which
   * then costs no query compilation).
   */
  *find(filter: Document = {}, scan = false): Generator<Doc> {
    if ('$text' in filter)
      throw new CommandError(
        'NotImplemented',
        '$text queries are not supported by the embedded engine (text indexes are metadata only)',
      );
    const plan = scan ? { docs: this.docs.values(), exact: false } : this.plan(filter);
    const query = plan.exact || Object.keys(filter).length === 0 ? null : new Query(filter, {});
    for (const doc of plan.docs) if (query === null || query.test(doc)) yield doc;
  }

  private plan(filter: Document): { docs: Iterable<Doc>; exact: boolean } {
    const scan = { docs: this.docs.values(), exact: false };
    const eq = equalityConstraints(filter);
    if (eq.size === 0) return scan;
    const ids = eq.get('_id');
    if (ids) return { docs: this.byIdKeys(ids.map(valueKey)), exact: isExactlyEqualities(filter, ['_id']) };
    let best: HashIndex | undefined;
    for (const index of this.indexes.values()) {
      if (!index.usableForEquality || !index.fields.every((f) => eq.has(f))) continue;
      if (!best || (index.unique && !best.unique) || index.fields.length > best.fields.length) best = index;
    }
    if (!best) return this.planByLeadingField(eq) ?? scan;
    const lists = best.fields.map((f) => eq.get(f) as unknown[]);
    if (lists.reduce((n, l) => n * l.length, 1) > MAX_PROBES) return scan;
    const idKeys = new Set<string>();
    for (const combo of cartesian(lists)) for (const id of best.lookup(best.lookupKey(combo))) idKeys.add(id);
    return { docs: this.byIdKeys(idKeys), exact: !best.sparse && isExactlyEqualities(filter, best.fields) };
  }

  /**
   * Equality on the first field of a compound index, when no index has all its fields constrained: the candidates
   * are the documents with one of those leading values (a superset of the matches; the filter is applied after).
   */
  private planByLeadingField(
    eq: Map<string, unknown[]>,
  ): { docs: Iterable<Doc>; exact: boolean } | undefined {
    for (const index of this.indexes.values()) {
      // A sparse index leaves out documents without its fields: they would be missing from the candidates.
      if (!index.usableForEquality || !index.hasLeadingLookup || index.sparse) continue;
      const values = eq.get(index.fields[0] as string);
      if (!values || values.length > MAX_PROBES) continue;
      const idKeys = new Set<string>();
      for (const value of values) for (const id of index.lookupLeading(value)) idKeys.add(id);
      return { docs: this.byIdKeys(idKeys), exact: false };
    }
    return undefined;
  }

  private *byIdKeys(keys: Iterable<string>): Generator<Doc> {
    const seen = new Set<string>();
    for (const k of keys) {
      if (seen.has(k)) continue;
      seen.add(k);
      const doc = this.docs.get(k);
      if (doc) yield doc;
    }
  }

  /** Creates an index; returns false when an identical one already exists. */
  createIndex(raw: Document): boolean {
    const spec = normalizeIndexSpec(raw);
    if (spec.name === ID_INDEX.name || valueKey(spec.key) === valueKey(ID_INDEX.key)) {
      if (spec.unique === false)
        throw new CommandError('InvalidOptions', 'The _id index cannot be non-unique');
      return false;
    }
    const byName = this.indexes.get(spec.name);
    if (byName) {
      if (sameIndexOptions(byName.spec, spec)) return false;
      const code =
        valueKey(byName.spec.key) === valueKey(spec.key) ? 'IndexOptionsConflict' : 'IndexKeySpecsConflict';
      throw new CommandError(
        code,
        `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName.spec)}`,
      );
    }
    for (const existing of this.indexes.values()) {
      if (valueKey(existing.spec.key) !== valueKey(spec.key)) continue;
      if (sameIndexOptions(existing.spec, spec)) return false;
      throw new CommandError(
        'IndexOptionsConflict',
        `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
      );
    }
    const index = new HashIndex(spec, this.ns);
    // Build fully before publishing so a duplicate in existing data leaves the collection untouched.
    for (const [id, doc] of this.docs) {
      const keys = index.keysFor(doc);
      index.checkUnique(keys, id);
      index.add(keys, id);
    }
    this.indexes.set(spec.name, index);
    this.sink?.record({ op: 'ci', db: this.db, c: this.name, spec });
    return true;
  }

  /** Drops an index by name or key pattern; `*` drops all but `_id_`. */
  dropIndex(nameOrKey: unknown): void {
    if (nameOrKey === '*') {
      for (const name of [...this.indexes.keys()]) this.dropIndex(name);
      return;
    }
    let name: string | undefined;
    if (typeof nameOrKey === 'string') name = nameOrKey;
    else {
      const wanted = valueKey(nameOrKey);
      name = [...this.indexes.values()].find((i) => valueKey(i.spec.key) === wanted)?.name;
      if (!name && wanted === valueKey(ID_INDEX.key)) name = ID_INDEX.name;
    }
    if (name === ID_INDEX.name) throw new CommandError('InvalidOptions', 'cannot drop _id index');
    if (!name || !this.indexes.has(name)) {
      throw new CommandError(
        'IndexNotFound',
        `index not found with name [${typeof nameOrKey === 'string' ? nameOrKey : JSON.stringify(nameOrKey)}]`,
      );
    }
    this.indexes.delete(name);
    this.sink?.record({ op: 'di', db: this.db, c: this.name, name });
  }

  /** Index specs including `_id_`, as listIndexes reports them. */
  listIndexes(): IndexSpec[] {
    return [{ ...ID_INDEX }, ...[...this.indexes.values()].map((i) => ({ ...i.spec }))];
  }

  get indexCount(): number {
    return this.indexes.size + 1;
  }

  /** TTL indexes: single-field indexes with `expireAfterSeconds`. */
  ttlIndexes(): { field: string; seconds: number }[] {
    const out: { field: string; seconds: number }[] = [];
    for (const index of this.indexes.values()) {
      const secs = index.spec.expireAfterSeconds;
      if (typeof secs === 'number' && index.fields.length === 1)
        out.push({ field: index.fields[0] as string, seconds: secs });
    }
    return out;
  }

  /** Index key counts, reported by collStats. */
  indexKeyCounts(): Record<string, number> {
    const out: Record<string, number> = { _id_: this.docs.size };
    for (const index of this.indexes.values()) out[index.name] = index.keyCount;
    return out;
  }

  private indexKeys(doc: Doc): [HashIndex, ReturnType<HashIndex['keysFor']>][] {
    const out: [HashIndex, ReturnType<HashIndex['keysFor']>][] = [];
    for (const index of this.indexes.values()) out.push([index, index.keysFor(doc)]);
    return out;
  }

  private idDuplicate(id: unknown): CommandError {
    const index = new HashIndex(ID_INDEX, this.ns);
    return index.duplicateKeyError([id]);
  }
}

/** Returns the document with `_id` as its first field, generating an ObjectId when missing (as mongod does). */
function withIdFirst(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys[0] === '_id' && doc._id !== undefined) return doc;
  const out: Doc = { _id: doc._id === undefined ? new ObjectId() : doc._id };
  for (const k of keys) if (k !== '_id') out[k] = doc[k];
  return out;
}

function validateId(id: unknown): void {
  if (Array.isArray(id)) throw new CommandError('InvalidIdField', 'The _id field cannot be an array');
  if (id instanceof RegExp || bsonType(id) === 'BSONRegExp') {
    throw new CommandError('InvalidIdField', 'The _id field cannot be a regular expression');
  }
}
