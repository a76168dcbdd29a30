import type { Document } from 'bson';

/** A stored document. Stored documents are never mutated in place: writers replace them (copy-on-write). */
export type Doc = Document;

interface BsonValue {
  _bsontype: string;
  toString(encoding?: string): string;
  toHexString?(): string;
}

/** The `_bsontype` tag of a bson value class (ObjectId, Binary, Long...), or undefined for anything else. */
export function bsonType(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const tag = (v as Partial<BsonValue>)._bsontype;
  return typeof tag === 'string' ? tag : undefined;
}

/** True for `{}`-style objects (not arrays, dates, regexps or bson value classes). */
export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Canonical string for a BSON value, used as a hash key by the `_id` map and the indexes.
 * Numbers of any BSON numeric type share one namespace because MongoDB treats 1, NumberLong(1) and 1.0 as equal;
 * missing and null share one key because a unique index treats them the same.
 */
export function valueKey(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return 's:' + v;
    case 'number':
      return 'n:' + (Object.is(v, -0) ? 0 : v);
    case 'boolean':
      return v ? 'b:1' : 'b:0';
    case 'bigint':
      return 'n:' + v.toString();
    case 'undefined':
      return 'z';
    default:
      break;
  }
  if (v === null) return 'z';
  if (v instanceof Date) return 'd:' + v.getTime();
  if (v instanceof RegExp) return 'r:' + v.source + '/' + v.flags;
  if (Array.isArray(v)) return '[' + v.map(valueKey).join(',') + ']';
  const tag = bsonType(v);
  if (tag !== undefined) {
    const b = v as BsonValue;
    switch (tag) {
      case 'ObjectId':
        return 'o:' + (b.toHexString ? b.toHexString() : b.toString());
      case 'Long':
      case 'Int32':
      case 'Double':
      case 'Decimal128':
        return 'n:' + b.toString();
      case 'Binary': {
        const bin = v as unknown as { sub_type: number; toString(enc: string): string };
        return 'x:' + bin.sub_type + ':' + bin.toString('base64');
      }
      default:
        return tag + ':' + JSON.stringify(v);
    }
  }
  const obj = v as Doc;
  let out = '{';
  for (const k of Object.keys(obj)) out += JSON.stringify(k) + ':' + valueKey(obj[k]) + ',';
  return out + '}';
}

/**
 * Deep copy of a document's structure (objects, arrays, dates). bson value instances are shared because nothing in
 * the engine mutates them; this keeps copies cheap enough to do on every write.
 */
export function cloneDoc<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneDoc) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) out[k] = cloneDoc((v as Doc)[k]);
  return out as T;
}

/**
 * Every value a dotted path reaches, with MongoDB's multikey semantics: arrays along the path are traversed and a
 * terminal array contributes each of its elements. A path that reaches nothing yields `[undefined]`.
 */
export function valuesAtPath(doc: Doc, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out.length === 0 ? [undefined] : out;
}

function collect(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(undefined);
      else for (const el of value) out.push(el);
    } else {
      out.push(value);
    }
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part)) {
      collect(value[Number(part)], parts, i + 1, out);
      return;
    }
    for (const el of value) if (isPlainObject(el)) collect(el, parts, i, out);
    return;
  }
  if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, part)) {
    collect(value[part], parts, i + 1, out);
    return;
  }
  out.push(undefined);
}

/** Reads a dotted path without array traversal (used for `_id` seeding and TTL fields). */
export function getPath(doc: Doc, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Doc)[part];
  }
  return cur;
}

/** Sets a dotted path, creating intermediate objects (used to seed upserted documents from a filter). */
export function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    const next = cur[part];
    if (isPlainObject(next)) {
      cur = next;
    } else {
      const created: Doc = {};
      cur[part] = created;
      cur = created;
    }
  }
  cur[parts[parts.length - 1] as string] = value;
}

/** Renders a value the way mongod prints it inside an E11000 message (`{ email: "a@b.c" }`). */
export function formatValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof RegExp) return String(v);
  if (Array.isArray(v)) return '[ ' + v.map(formatValue).join(', ') + ' ]';
  const tag = bsonType(v);
  if (tag === 'ObjectId') return `ObjectId('${String(v)}')`;
  if (tag !== undefined) return `${tag}('${String(v)}')`;
  const entries = Object.entries(v as Doc).map(([k, val]) => `${k}: ${formatValue(val)}`);
  return entries.length ? '{ ' + entries.join(', ') + ' }' : '{}';
}
