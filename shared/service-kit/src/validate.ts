import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { ValidationError, zodIssues, type FieldIssue } from './errors';

/** Zod schemas for the parts of a request a route accepts. */
export interface RequestSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The parsed, typed request parts; a part without a schema is `undefined`. */
export interface ValidatedInput<S extends RequestSchemas> {
  params: Output<S['params']>;
  query: Output<S['query']>;
  body: Output<S['body']>;
}

/** A middleware that validates, plus `from(req)` to read what it parsed with full types. */
export interface Validator<S extends RequestSchemas> extends RequestHandler {
  /** The parsed input of `req`; throws when this validator did not run for `req` (a wiring mistake). */
  from(req: Request): ValidatedInput<S>;
}

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Parses `params`, `query` and `body` with the given zod schemas. Any issue answers 400 VALIDATION_ERROR with
 * `error` = the first issue's message (the same text the form shows) and `details` = `[{field, message}]`.
 * Unknown keys follow the schema (zod objects strip them; `.strict()` ones refuse them). A missing body is
 * parsed as `{}` so the caller gets the per-field messages rather than "expected object".
 *
 * ```ts
 * const updateItem = validate({ params: IdParamsSchema, body: ItemUpdateSchema });
 * router.put('/:id', requireApproved, updateItem, async (req, res) => {
 *   const { params, body } = updateItem.from(req); // typed
 * });
 * ```
 */
export function validate<const S extends RequestSchemas>(schemas: S): Validator<S> {
  const parsed = new WeakMap<Request, ValidatedInput<S>>();

  const middleware: RequestHandler = async (req, _res, next) => {
    const result: Record<string, unknown> = {};
    const issues: FieldIssue[] = [];
    for (const part of PARTS) {
      const schema = schemas[part];
      if (!schema) continue;
      const raw: unknown = part === 'body' ? (req.body ?? {}) : req[part];
      const outcome = await schema.safeParseAsync(raw);
      if (outcome.success) result[part] = outcome.data;
      else issues.push(...zodIssues(outcome.error, part));
    }
    if (issues.length > 0) {
      next(new ValidationError(issues[0]!.message, { details: issues }));
      return;
    }
    parsed.set(req, result as unknown as ValidatedInput<S>);
    next();
  };

  return Object.assign(middleware, {
    from(req: Request): ValidatedInput<S> {
      const input = parsed.get(req);
      if (!input) throw new Error('validate(): from(req) called for a request this validator did not handle');
      return input;
    },
  });
}
