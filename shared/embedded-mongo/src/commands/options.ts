import type { Document } from 'bson';
import { CommandError } from '../errors';
import type { Collection } from '../storage/collection';
import { checkFilter } from '../filter-check';
import { type Doc, isPlainObject, valueKey } from '../values';

/**
 * The options of each command, sorted by what the engine does with them. The rule: an option is accepted only when
 * the answer is the one MongoDB gives, either because the engine implements it or because on a single node without
 * authentication it cannot change an answer. Everything else is refused with an error the driver throws: an option
 * MongoDB knows but the engine does not implement answers NotImplemented (238); an option MongoDB does not know
 * answers what mongod answers, `BSON field '<command>.<field>' is an unknown field.` (40415).
 */

/**
 * Fields any command may carry that cannot change an answer here: session and transaction bookkeeping (there is no
 * isolation to provide), the target database, read preference and concern on a single node (every read sees every
 * acknowledged write, whatever the level), write concern (every write is applied and journaled before the reply),
 * the comment, the time limit, the stable API declaration.
 */
const GENERIC_FIELDS = new Set([
  '$db',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  '$clusterTime',
  '$readPreference',
  'readConcern',
  'writeConcern',
  'comment',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

/** Why each option MongoDB knows (and the engine does not implement) is refused. */
const REFUSED: Record<string, string> = {
  let: 'let (command-level variables) is not supported by the embedded engine',
  min: 'min (index bounds) is not supported by the embedded engine',
  max: 'max (index bounds) is not supported by the embedded engine',
  c: "'c' (constants for pipeline updates) is not supported by the embedded engine",
};

/** Boolean options whose `true` changes the answer and which the engine does not implement (`false` is a no-op). */
const REFUSED_WHEN_TRUE: Record<string, string> = {
  returnKey: 'returnKey is not supported by the embedded engine',
  showRecordId: 'showRecordId is not supported by the embedded engine',
  tailable: 'tailable cursors are not supported by the embedded engine',
  awaitData: 'tailable cursors (awaitData) are not supported by the embedded engine',
  noCursorTimeout:
    'noCursorTimeout is not supported by the embedded engine (idle cursors are reaped after 10 minutes)',
};

/**
 * Options MongoDB accepts whose answer cannot differ here: `allowDiskUse` (the engine has no memory limit for sorts
 * or groups), `allowPartialResults` (sharding only), `oplogReplay` (ignored by mongod since 4.4),
 * `bypassDocumentValidation` (the engine never creates a validator, see `create`), `commitQuorum` (one node).
 */
const HARMLESS = new Set([
  'allowDiskUse',
  'allowPartialResults',
  'oplogReplay',
  'bypassDocumentValidation',
  'commitQuorum',
]);

/**
 * Checks every field of a command (or of one statement of an update/delete, with `where` naming it as mongod does,
 * e.g. `update.updates`) against the fields the handler implements. Throws for a refused or an unknown field.
 */
export function checkFields(
  cmd: Document,
  where: string,
  implemented: readonly string[],
  statement = false,
): void {
  const own = new Set(implemented);
  for (const [field, value] of Object.entries(cmd)) {
    if (own.has(field)) continue;
    if (!statement && GENERIC_FIELDS.has(field)) {
      if (field === 'readConcern' && isPlainObject(value) && value.atClusterTime !== undefined)
        throw notSupported(
          'readConcern atClusterTime (a point-in-time read) is not supported by the embedded engine',
        );
      continue;
    }
    if (!statement && HARMLESS.has(field)) continue;
    if (field === 'collation') {
      collationArg(cmd);
      continue;
    }
    const refused = REFUSED[field];
    if (refused !== undefined) throw notSupported(refused);
    const whenTrue = REFUSED_WHEN_TRUE[field];
    if (whenTrue !== undefined) {
      if (value === true) throw notSupported(whenTrue);
      continue;
    }
    throw new CommandError('Location40415', `BSON field '${where}.${field}' is an unknown field.`);
  }
}

/** A refusal of something MongoDB supports and the engine does not: NotImplemented (238), which drivers throw. */
export function notSupported(message: string): CommandError {
  return new CommandError('NotImplemented', message);
}

/**
 * Validates a `collation`. Only the simple collation (binary comparison, what every query gets without one) is
 * accepted: the engine's query operators, sorts, groups and unique indexes compare strings by code point, so any
 * other collation would silently give a different answer (e.g. `{ locale: 'en', strength: 2 }` would not match
 * 'Alice' for 'alice'). Refused with NotImplemented.
 */
export function collationArg(cmd: Document, field = 'collation'): void {
  const collation = cmd[field] as unknown;
  if (collation === undefined) return;
  if (!isPlainObject(collation))
    throw new CommandError('TypeMismatch', `BSON field '${field}' is the wrong type, expected type 'object'`);
  const keys = Object.keys(collation);
  if (keys.length === 1 && collation.locale === 'simple') return;
  throw notSupported(
    `collation ${JSON.stringify(collation)} is not supported by the embedded engine (it compares strings by code point; only { locale: 'simple' } is accepted)`,
  );
}

/** What a `hint` asks for, once checked: nothing that changes the answer, or a natural-order scan. */
export type Hint = { natural?: 1 | -1 };

/**
 * Checks a `hint` against the collection's indexes. A hint naming a plain index (every field, no `sparse`, no
 * `partialFilterExpression`) cannot change which documents match, so it is accepted; `{ $natural: 1 | -1 }` asks for a
 * scan in insertion order (or its reverse), which callers implement. A hint naming no index is mongod's error
 * (BadValue); one naming a sparse, partial, text or geo index is refused, since mongod would answer from that
 * index's entries only (leaving out the documents it does not hold).
 */
export function hintArg(cmd: Document, coll: Collection | undefined): Hint {
  const hint = cmd.hint as unknown;
  if (hint === undefined || hint === null) return {};
  if (typeof hint === 'string' && hint.length === 0) return {};
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return {};
  if (isPlainObject(hint) && '$natural' in hint) {
    const dir = Number(hint.$natural);
    if (Object.keys(hint).length !== 1 || (dir !== 1 && dir !== -1))
      throw new CommandError('BadValue', `$natural hint must be 1 or -1, got ${JSON.stringify(hint)}`);
    return { natural: dir };
  }
  if (typeof hint !== 'string' && !isPlainObject(hint))
    throw new CommandError('FailedToParse', 'hint must be either a string or a document');
  // mongod answers an empty result for a collection that does not exist, whatever the hint.
  if (!coll) return {};
  const wanted = typeof hint === 'string' ? undefined : valueKey(hint);
  const spec = coll
    .listIndexes()
    .find((i) => (typeof hint === 'string' ? i.name === hint : valueKey(i.key) === wanted));
  if (!spec)
    throw new CommandError(
      'BadValue',
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  const special = Object.values(spec.key).some((v) => typeof v === 'string' && v !== 'hashed');
  if (spec.sparse || spec.partialFilterExpression !== undefined || special)
    throw notSupported(
      `hint on the ${spec.sparse ? 'sparse' : special ? 'text/geo' : 'partial'} index '${spec.name}' is not supported by the embedded engine (mongod would answer from that index's entries only)`,
    );
  return {};
}

/**
 * The documents of `coll` matching `filter`: through the planner, or under a `$natural` hint as a scan in insertion
 * order (reversed for -1), which is the order mongod's collection scan gives.
 */
export function matching(coll: Collection, filter: Document, hint: Hint): Iterable<Doc> {
  checkFilter(filter);
  if (!hint.natural) return coll.find(filter);
  const docs = coll.find(filter, true);
  return hint.natural === 1 ? docs : [...docs].reverse();
}
