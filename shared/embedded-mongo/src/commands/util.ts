import type { Document } from 'bson';
import { Long } from 'bson';
import { CommandError } from '../errors';
import { isPlainObject } from '../values';

/** The collection named by a command's first field (`{ find: 'users' }` → 'users'). */
export function collectionArg(cmd: Document, field: string): string {
  const name = cmd[field] as unknown;
  if (typeof name !== 'string' || name.length === 0) {
    throw new CommandError('InvalidNamespace', `collection name has invalid type ${typeof name}`);
  }
  return name;
}

/** An optional document-valued field. */
export function docArg(cmd: Document, field: string): Document | undefined {
  const v = cmd[field] as unknown;
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v))
    throw new CommandError(
      'TypeMismatch',
      `BSON field '${field}' is the wrong type '${typeof v}', expected type 'object'`,
    );
  return v;
}

/** An optional integer field (accepting int32, double and Long encodings). */
export function intArg(cmd: Document, field: string, fallback = 0): number {
  const v = cmd[field] as unknown;
  if (v === undefined || v === null) return fallback;
  const n = v instanceof Long ? v.toNumber() : typeof v === 'bigint' ? Number(v) : Number(v);
  if (!Number.isFinite(n)) throw new CommandError('TypeMismatch', `BSON field '${field}' must be a number`);
  return Math.trunc(n);
}

/** A required array field. */
export function arrayArg(cmd: Document, field: string): Document[] {
  const v = cmd[field] as unknown;
  if (!Array.isArray(v))
    throw new CommandError('FailedToParse', `BSON field '${field}' is missing or not an array`);
  return v as Document[];
}

/** An optional batch size: undefined when omitted (so 0 keeps its "empty first batch" meaning), else a count >= 0. */
export function batchSizeArg(cmd: Document): number | undefined {
  if (cmd.batchSize === undefined || cmd.batchSize === null) return undefined;
  const n = intArg(cmd, 'batchSize');
  if (n < 0) throw new CommandError('BadValue', 'BatchSize value must be non-negative');
  return n;
}
