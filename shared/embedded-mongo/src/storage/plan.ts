import type { Document } from 'bson';
import { bsonType, isPlainObject } from '../values';

/** Above this many `$in` values a scan is as cheap as probing the index for each. */
const MAX_IN_VALUES = 10_000;

/**
 * Values a hash lookup can use: types whose MongoDB equality is exactly our canonical key equality.
 * null is excluded because `{ f: null }` also matches missing fields through paths the index does not model.
 */
function isIndexableScalar(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Number.isNaN(v);
    default:
      return v instanceof Date || bsonType(v) === 'ObjectId';
  }
}

function equalityOf(value: unknown, allowObjects: boolean): unknown[] | undefined {
  if (isIndexableScalar(value)) return [value];
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  const operators = keys.filter((k) => k.startsWith('$'));
  if (operators.length === 0) return allowObjects && keys.length > 0 ? [value] : undefined;
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$eq') return equalityOf(value.$eq, allowObjects);
  if (keys[0] === '$in' && Array.isArray(value.$in) && value.$in.length <= MAX_IN_VALUES) {
    const values = value.$in as unknown[];
    return values.every(
      (v) =>
        isIndexableScalar(v) ||
        (allowObjects && isPlainObject(v) && !Object.keys(v).some((k) => k.startsWith('$'))),
    )
      ? values
      : undefined;
  }
  return undefined;
}

/**
 * True when `filter` says nothing beyond the equality constraints on `fields`: only those keys, each an indexable
 * scalar, `$eq` or `$in` of scalars. An index lookup on those fields then returns exactly the matches, because our
 * canonical keys implement MongoDB equality for scalars (including array-element matching via multikey entries).
 */
export function isExactlyEqualities(filter: Document, fields: string[]): boolean {
  const keys = Object.keys(filter);
  if (keys.length !== fields.length || !keys.every((k) => fields.includes(k))) return false;
  return keys.every((k) => {
    const v = filter[k] as unknown;
    if (isIndexableScalar(v)) return true;
    if (!isPlainObject(v) || Object.keys(v).length !== 1) return false;
    if ('$eq' in v) return isIndexableScalar(v.$eq);
    return Array.isArray(v.$in) && (v.$in as unknown[]).every(isIndexableScalar);
  });
}

/**
 * Field paths the filter constrains to one of a known set of values (plain equality, `$eq`, `$in`), including
 * inside a top-level `$and`. Every document matching the filter holds one of those values, so an index lookup on
 * them yields a superset of the matches; the full filter is still applied afterwards.
 */
export function equalityConstraints(filter: Document): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const visit = (f: Document): void => {
    for (const [key, value] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const clause of value) if (isPlainObject(clause)) visit(clause);
        continue;
      }
      if (key.startsWith('$') || out.has(key)) continue;
      const values = equalityOf(value, key === '_id');
      if (values) out.set(key, values);
    }
  };
  visit(filter);
  return out;
}
