import { CommandError } from './errors';
import { isPlainObject } from './values';

const LOGICAL = new Set(['$and', '$or', '$nor']);
const NEEDS_ARRAY = new Set(['$in', '$nin', '$all']);

/**
 * Refuses the malformed query filters mongod refuses when it parses one (BadValue, its messages), which mingo would
 * otherwise run with an answer of its own: `{$or: []}` matched nothing and `{$and: []}` everything, where mongod
 * answers an error. `$and`/`$or`/`$nor` need a nonempty array of objects; `$in`, `$nin` and `$all` an array.
 * Walks the logical operators, `$not` and `$elemMatch`; what lies under `$expr` is an expression, not a filter.
 */
export function checkFilter(filter: unknown): void {
  if (!isPlainObject(filter)) return;
  for (const [key, value] of Object.entries(filter)) {
    if (LOGICAL.has(key)) {
      if (!Array.isArray(value)) throw new CommandError('BadValue', `${key} must be an array`);
      if (value.length === 0) throw new CommandError('BadValue', '$and/$or/$nor must be a nonempty array');
      for (const entry of value) {
        if (!isPlainObject(entry))
          throw new CommandError('BadValue', '$or/$and/$nor entries need to be full objects');
        checkFilter(entry);
      }
    } else if (!key.startsWith('$')) checkOperators(value);
  }
}

/** A field's condition: when it is an operator object, each operator's argument. */
function checkOperators(condition: unknown): void {
  if (!isPlainObject(condition)) return;
  for (const [op, argument] of Object.entries(condition)) {
    if (!op.startsWith('$')) return; // an object to compare for equality
    if (NEEDS_ARRAY.has(op) && !Array.isArray(argument))
      throw new CommandError('BadValue', `${op} needs an array`);
    if (op === '$not') checkOperators(argument);
    if (op === '$elemMatch') {
      checkFilter(argument);
      checkOperators(argument);
    }
  }
}
