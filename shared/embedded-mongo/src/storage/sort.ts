import type { Document } from 'bson';
import { compare } from 'mingo/util';
import { CommandError } from '../errors';
import { type Doc, bsonType, valuesAtPath } from '../values';

type Comparator = (a: unknown, b: unknown) => number;

/** MongoDB's cross-type sort order (lower ranks first). */
function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 2;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
    default:
      break;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch (bsonType(v)) {
    case 'MinKey':
      return 1;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 3;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    case 'MaxKey':
      return 13;
    default:
      return 5; // embedded documents (and the rare Code/DBRef values)
  }
}

/** A numeric BSON value as a double; enough precision to order Long and Decimal128 against numbers. */
function toDouble(v: unknown): number {
  return typeof v === 'number' ? v : Number(String(v));
}

/**
 * Compares two values in MongoDB sort order: by type rank first (null < numbers < strings < objects < arrays <
 * binary < ObjectId < booleans < dates < timestamps < regexes), then within the type. All numeric BSON types
 * compare by value, so Decimal128 prices sort numerically. Objects and arrays fall back to mingo's comparison.
 */
export function bsonCompare(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 2:
      return 0;
    case 3: {
      const x = toDouble(a);
      const y = toDouble(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 4: {
      const x = String(a);
      const y = String(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 9:
      return Number(a) - Number(b);
    case 10:
      return Math.sign((a as Date).getTime() - (b as Date).getTime());
    default:
      return compare(a, b);
  }
}

/** Maps MongoDB collation strength to Intl.Collator sensitivity. */
const SENSITIVITY: Record<number, 'base' | 'accent' | 'variant'> = { 1: 'base', 2: 'accent', 3: 'variant' };

/** The value comparator for a collation (`undefined`/`simple` means binary string order like mongod). */
export function valueComparator(collation?: Document): Comparator {
  const locale = collation?.locale as unknown;
  if (typeof locale !== 'string' || locale === 'simple') return bsonCompare;
  const collator = new Intl.Collator(locale, {
    sensitivity: SENSITIVITY[Number(collation?.strength ?? 3)] ?? 'variant',
    numeric: collation?.numericOrdering === true,
    caseFirst:
      collation?.caseFirst === 'upper' || collation?.caseFirst === 'lower' ? collation.caseFirst : 'false',
  });
  return (a, b) =>
    typeof a === 'string' && typeof b === 'string' ? collator.compare(a, b) : bsonCompare(a, b);
}

interface SortField {
  path: string;
  dir: 1 | -1;
}

/** Parses a sort spec, skipping `$natural` (handled by the caller) and `$meta` keys. */
function parseSort(spec: Document): SortField[] {
  const fields: SortField[] = [];
  for (const [path, dir] of Object.entries(spec)) {
    if (path === '$natural' || (dir !== null && typeof dir === 'object')) continue;
    const n = Number(dir);
    if (n !== 1 && n !== -1)
      throw new CommandError(
        'BadValue',
        `$sort key ordering must be 1 (for ascending) or -1 (for descending)`,
      );
    fields.push({ path, dir: n });
  }
  return fields;
}

/**
 * Sorts documents by a MongoDB sort spec. Array fields sort by their smallest element ascending and their largest
 * descending, like mongod. When only the first `limit` documents are needed a bounded insertion keeps the cost
 * near O(n·log k) instead of sorting everything. The sort is stable, so ties keep insertion order.
 */
export function sortDocs(docs: Iterable<Doc>, spec: Document, collation?: Document, limit = 0): Doc[] {
  const fields = parseSort(spec);
  const all = Array.isArray(docs) ? (docs as Doc[]) : [...docs];
  // Scans run in insertion order, so `{ $natural: -1 }` is that order reversed.
  if (fields.length === 0 && Number(spec.$natural) === -1) all.reverse();
  if (fields.length === 0) return limit > 0 ? all.slice(0, limit) : all;
  const cmp = valueComparator(collation);

  const keyOf = (doc: Doc): unknown[] =>
    fields.map(({ path, dir }) => {
      // MongoDB sorts a missing field as null.
      const values = valuesAtPath(doc, path).map((v) => (v === undefined ? null : v));
      if (values.length === 1) return values[0];
      let best = values[0];
      for (const v of values) if (cmp(v, best) * dir < 0) best = v;
      return best;
    });
  const cmpKeys = (a: unknown[], b: unknown[]): number => {
    for (let i = 0; i < fields.length; i++) {
      const r = cmp(a[i], b[i]);
      if (r !== 0) return r * (fields[i] as SortField).dir;
    }
    return 0;
  };

  if (limit > 0 && limit < all.length / 4) {
    const top: { key: unknown[]; doc: Doc }[] = [];
    for (const doc of all) {
      const key = keyOf(doc);
      if (top.length === limit && cmpKeys(key, (top[limit - 1] as { key: unknown[] }).key) >= 0) continue;
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cmpKeys((top[mid] as { key: unknown[] }).key, key) <= 0) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, { key, doc });
      if (top.length > limit) top.pop();
    }
    return top.map((e) => e.doc);
  }

  const keyed = all.map((doc) => ({ key: keyOf(doc), doc }));
  keyed.sort((a, b) => cmpKeys(a.key, b.key));
  const sorted = keyed.map((e) => e.doc);
  return limit > 0 ? sorted.slice(0, limit) : sorted;
}
