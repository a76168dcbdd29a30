import type { Document } from 'bson';
import { Query } from 'mingo';
import { CommandError } from '../errors';
import { type Doc, formatValue, valueKey, valuesAtPath } from '../values';

/** An index as listIndexes reports it (and as the journal persists it). */
export interface IndexSpec extends Document {
  v: number;
  key: Document;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
}

/** One key a document contributes to an index, with the values shown in an E11000 error. */
interface IndexKey {
  key: string;
  values: unknown[];
}

/** Key types we store as metadata so applications declaring them still start, but which no query uses. */
const METADATA_ONLY_TYPES = new Set(['text', '2d', '2dsphere', 'geoHaystack']);

/** Options createIndexes accepts and echoes back in listIndexes. */
const SPEC_OPTIONS = [
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
  'weights',
  'default_language',
  'language_override',
  'textIndexVersion',
  '2dsphereIndexVersion',
  'hidden',
] as const;

/** The default index name MongoDB derives from a key pattern: `{ a: 1, b: -1 }` → `a_1_b_-1`. */
export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}

/** Validates a createIndexes entry and returns it in canonical listIndexes form. */
export function normalizeIndexSpec(raw: Document): IndexSpec {
  const key = raw.key as unknown;
  if (key === null || typeof key !== 'object' || Object.keys(key).length === 0) {
    throw new CommandError('CannotCreateIndex', 'Index key pattern must be a non-empty object');
  }
  for (const [field, dir] of Object.entries(key as Document)) {
    const ok =
      typeof dir === 'number'
        ? dir !== 0
        : typeof dir === 'string' && (dir === 'hashed' || METADATA_ONLY_TYPES.has(dir));
    if (!ok)
      throw new CommandError('CannotCreateIndex', `Unknown index type for field '${field}': ${String(dir)}`);
  }
  const spec: IndexSpec = {
    v: 2,
    key: { ...(key as Document) },
    name: typeof raw.name === 'string' && raw.name ? raw.name : defaultIndexName(key as Document),
  };
  for (const opt of SPEC_OPTIONS) if (raw[opt] !== undefined) spec[opt] = raw[opt];
  if (spec.unique === false) delete spec.unique;
  if (spec.sparse === false) delete spec.sparse;
  return spec;
}

/** Whether two specs describe the same index (same key and same behaviour-changing options). */
export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  return (
    valueKey(a.key) === valueKey(b.key) &&
    !!a.unique === !!b.unique &&
    !!a.sparse === !!b.sparse &&
    valueKey(a.partialFilterExpression) === valueKey(b.partialFilterExpression) &&
    a.expireAfterSeconds === b.expireAfterSeconds
  );
}

/**
 * A hash index over one or more fields. It answers equality lookups and enforces uniqueness; range queries and
 * sorts fall back to a scan. Each key maps to the `_id` keys of the documents holding it (a plain string while
 * there is only one, which is always the case for unique indexes and keeps memory down).
 */
export class HashIndex {
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  /** Text/geo indexes are listed but neither maintained nor used. */
  readonly metadataOnly: boolean;
  private readonly partial: Query | null;
  private readonly entries = new Map<string, string | Set<string>>();
  /**
   * Compound indexes only: the first field's key → `_id` keys, so equality on the leading field alone (a list of
   * one owner's rows, sorted or filtered further) probes the index instead of scanning, as mongod's index prefix does.
   */
  private readonly leading: Map<string, Set<string>> | null;

  constructor(
    readonly spec: IndexSpec,
    private readonly ns: string,
  ) {
    this.fields = Object.keys(spec.key);
    this.metadataOnly = Object.values(spec.key).some(
      (v) => typeof v === 'string' && METADATA_ONLY_TYPES.has(v),
    );
    this.unique = !!spec.unique && !this.metadataOnly;
    this.sparse = !!spec.sparse;
    this.partial = spec.partialFilterExpression ? new Query(spec.partialFilterExpression, {}) : null;
    this.leading = this.fields.length > 1 && !this.metadataOnly ? new Map() : null;
  }

  get name(): string {
    return this.spec.name;
  }

  /** Usable by the planner for equality lookups: partial indexes may omit matching documents, so they are not. */
  get usableForEquality(): boolean {
    return !this.metadataOnly && this.partial === null;
  }

  /** The keys a document contributes, or null when a sparse/partial index leaves it out. */
  keysFor(doc: Doc): IndexKey[] | null {
    if (this.metadataOnly) return null;
    if (this.partial && !this.partial.test(doc)) return null;
    const perField = this.fields.map((f) => valuesAtPath(doc, f));
    if (this.sparse && perField.every((vals) => vals.every((v) => v === undefined))) return null;
    if (perField.length === 1) {
      const seen = new Map<string, IndexKey>();
      for (const v of perField[0] as unknown[]) {
        const key = valueKey(v);
        if (!seen.has(key)) seen.set(key, { key, values: [v] });
      }
      return [...seen.values()];
    }
    const seen = new Map<string, IndexKey>();
    for (const combo of cartesian(perField)) {
      const key = combo.map(valueKey).join('\u0000');
      if (!seen.has(key)) seen.set(key, { key, values: combo });
    }
    return [...seen.values()];
  }

  /** The lookup key for one equality value per field, in field order. */
  lookupKey(values: unknown[]): string {
    return values.map(valueKey).join('\u0000');
  }

  /** Throws MongoDB's E11000 error when one of `keys` already belongs to a document other than `selfId`. */
  checkUnique(keys: IndexKey[] | null, selfId: string): void {
    if (!this.unique || keys === null) return;
    for (const k of keys) {
      const owner = this.entries.get(k.key);
      if (owner === undefined) continue;
      const others = typeof owner === 'string' ? owner !== selfId : [...owner].some((id) => id !== selfId);
      if (others) throw this.duplicateKeyError(k.values);
    }
  }

  /** The E11000 error for a key of this index. */
  duplicateKeyError(values: unknown[]): CommandError {
    const keyValue: Document = {};
    this.fields.forEach((f, i) => (keyValue[f] = values[i] ?? null));
    const shown = this.fields.map((f, i) => `${f}: ${formatValue(values[i])}`).join(', ');
    return new CommandError(
      'DuplicateKey',
      `E11000 duplicate key error collection: ${this.ns} index: ${this.name} dup key: { ${shown} }`,
      { keyPattern: { ...this.spec.key }, keyValue },
    );
  }

  add(keys: IndexKey[] | null, id: string): void {
    if (keys === null) return;
    if (this.leading) {
      for (const { values } of keys) {
        const lead = valueKey(values[0]);
        const ids = this.leading.get(lead);
        if (ids) ids.add(id);
        else this.leading.set(lead, new Set([id]));
      }
    }
    for (const { key } of keys) {
      const cur = this.entries.get(key);
      if (cur === undefined) this.entries.set(key, id);
      else if (typeof cur === 'string') {
        if (cur !== id) this.entries.set(key, new Set([cur, id]));
      } else cur.add(id);
    }
  }

  remove(keys: IndexKey[] | null, id: string): void {
    if (keys === null) return;
    if (this.leading) {
      // Every key of the document goes at once (remove, or replace before re-adding), so dropping the id is exact.
      for (const { values } of keys) {
        const lead = valueKey(values[0]);
        const ids = this.leading.get(lead);
        if (!ids) continue;
        ids.delete(id);
        if (ids.size === 0) this.leading.delete(lead);
      }
    }
    for (const { key } of keys) {
      const cur = this.entries.get(key);
      if (cur === undefined) continue;
      if (typeof cur === 'string') {
        if (cur === id) this.entries.delete(key);
      } else {
        cur.delete(id);
        if (cur.size === 1) this.entries.set(key, cur.values().next().value as string);
        else if (cur.size === 0) this.entries.delete(key);
      }
    }
  }

  /** `_id` keys of the documents holding `key`. */
  lookup(key: string): Iterable<string> {
    const cur = this.entries.get(key);
    if (cur === undefined) return [];
    return typeof cur === 'string' ? [cur] : cur;
  }

  /** Whether equality on the first field alone can be looked up (compound indexes). */
  get hasLeadingLookup(): boolean {
    return this.leading !== null;
  }

  /** `_id` keys of the documents whose first indexed field holds `value` (compound indexes only). */
  lookupLeading(value: unknown): Iterable<string> {
    return this.leading?.get(valueKey(value)) ?? [];
  }

  /** Number of distinct keys, reported by collStats as a size estimate. */
  get keyCount(): number {
    return this.entries.size;
  }
}

/** All combinations picking one value per list. */
export function cartesian(lists: unknown[][]): unknown[][] {
  let out: unknown[][] = [[]];
  for (const list of lists) {
    const next: unknown[][] = [];
    for (const prefix of out) for (const v of list) next.push([...prefix, v]);
    out = next;
  }
  return out;
}
