import type { Document } from 'bson';

/** MongoDB error codes the engine can answer with, keyed by their codeName. */
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  AuthenticationFailed: 18,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  InvalidIdField: 53,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  InvalidPipelineOperator: 168,
  InvalidIndexSpecificationOption: 197,
  NotImplemented: 238,
  DuplicateKey: 11000,
  BSONObjectTooLarge: 10334,
  Location40323: 40323,
  Location40324: 40324,
  Location40415: 40415,
  Location40601: 40601,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

/**
 * An error that becomes a MongoDB-shaped reply: `{ ok: 0, errmsg, code, codeName }`.
 * `extra` carries fields such as `keyPattern`/`keyValue` that drivers surface on their error objects.
 */
export class CommandError extends Error {
  readonly code: number;

  constructor(
    readonly codeName: ErrorCodeName,
    message: string,
    readonly extra: Document = {},
  ) {
    super(message);
    this.code = ErrorCodes[codeName];
  }

  /** The error as a command reply document. */
  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** The error as an entry of a write command's `writeErrors` array. */
  toWriteError(index: number): Document {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

/**
 * Maps anything thrown while executing a command (mingo validation errors included) to a CommandError,
 * so a bad query never escapes as an unhandled exception.
 */
export function toCommandError(err: unknown): CommandError {
  if (err instanceof CommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/immutable field/i.test(message)) return new CommandError('ImmutableField', message);
  if (/conflict/i.test(message)) return new CommandError('ConflictingUpdateOperators', message);
  // mingo's words for an unknown operator, in mongod's.
  const query = /^unknown query operator (\S+)/.exec(message);
  if (query) return new CommandError('BadValue', `unknown operator: ${query[1]}`);
  const expression = /^accumulator '(\S+)' is not registered/.exec(message);
  if (expression)
    return new CommandError('InvalidPipelineOperator', `Unrecognized expression '${expression[1]}'`);
  if (/unknown (\w+ )?operator|invalid/i.test(message)) {
    return new CommandError('FailedToParse', message);
  }
  return new CommandError('BadValue', message);
}
