import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { MSG } from '@nomadswap/contracts/messages';
import type { ErrorBody } from '@nomadswap/contracts/common';
// Brings pino-http's `req.id` / `req.log` into the request type.
import type {} from 'pino-http';

/** One field-level problem, as carried in `details` of a 400 (design.md, "API conventions"). */
export interface FieldIssue {
  field: string;
  message: string;
}

export interface HttpErrorOptions {
  /** Overrides the class's default machine code (e.g. `NOT_APPROVED` on a 403). */
  code?: string;
  details?: FieldIssue[];
  /** On 403 ACCOUNT_SUSPENDED / ACCOUNT_RESTRICTED: the sanction the caller is under (ErrorBody.sanction). */
  sanction?: ErrorBody['sanction'];
  cause?: unknown;
}

/**
 * An error whose message is safe to show to the caller. The error middleware answers with
 * `{error: message, code, details?}` and `status`; anything that is not an HttpError becomes a generic 500.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: FieldIssue[];
  readonly sanction?: ErrorBody['sanction'];
  /** Extra response headers (e.g. `Retry-After`). */
  readonly headers: Record<string, string> = {};

  constructor(status: number, code: string, message: string, options: Omit<HttpErrorOptions, 'code'> = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    if (options.details) this.details = options.details;
    if (options.sanction) this.sanction = options.sanction;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.message, code: this.code };
    if (this.details) body.details = this.details;
    if (this.sanction) body.sanction = this.sanction;
    return body;
  }
}

/** 400 VALIDATION_ERROR — bad input; `details` lists the offending fields. */
export class ValidationError extends HttpError {
  constructor(message: string = MSG.invalidInput, options: HttpErrorOptions = {}) {
    super(400, options.code ?? 'VALIDATION_ERROR', message, options);
  }

  /** Builds the 400 for a failed zod parse: `error` is the first issue's message, `details` one entry per issue. */
  static fromZod(error: z.core.$ZodError, rootField = ''): ValidationError {
    const details = zodIssues(error, rootField);
    return new ValidationError(details[0]?.message ?? MSG.invalidInput, { details, cause: error });
  }
}

/** 401 UNAUTHORIZED — no identity, or a token we do not accept. */
export class UnauthorizedError extends HttpError {
  constructor(message: string = MSG.authRequired, options: HttpErrorOptions = {}) {
    super(401, options.code ?? 'UNAUTHORIZED', message, options);
  }
}

/** 403 FORBIDDEN — known identity, not allowed. */
export class ForbiddenError extends HttpError {
  constructor(message: string = MSG.accessDenied, options: HttpErrorOptions = {}) {
    super(403, options.code ?? 'FORBIDDEN', message, options);
  }
}

/** 404 NOT_FOUND. */
export class NotFoundError extends HttpError {
  constructor(message: string = MSG.notFound, options: HttpErrorOptions = {}) {
    super(404, options.code ?? 'NOT_FOUND', message, options);
  }
}

/** 409 CONFLICT — e.g. a duplicate username or e-mail. */
export class ConflictError extends HttpError {
  constructor(message: string, options: HttpErrorOptions = {}) {
    super(409, options.code ?? 'CONFLICT', message, options);
  }
}

/** 413 PAYLOAD_TOO_LARGE. */
export class PayloadTooLargeError extends HttpError {
  constructor(message: string = MSG.fileTooLarge, options: HttpErrorOptions = {}) {
    super(413, options.code ?? 'PAYLOAD_TOO_LARGE', message, options);
  }
}

/** 429 RATE_LIMITED, answered with a `Retry-After` header (whole seconds, at least 1). */
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(
    retryAfterSeconds: number,
    message: string = MSG.tooManyRequests,
    options: HttpErrorOptions = {},
  ) {
    super(429, options.code ?? 'RATE_LIMITED', message, options);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    this.headers['Retry-After'] = String(this.retryAfterSeconds);
  }
}

/** 503 SERVICE_UNAVAILABLE — a dependency (MongoDB, Redis) cannot be reached. */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string = MSG.serviceUnavailable, options: HttpErrorOptions = {}) {
    super(503, options.code ?? 'SERVICE_UNAVAILABLE', message, options);
  }
}

/** Zod issues as `{field, message}`; `rootField` names issues about the whole value (e.g. `body`). */
export function zodIssues(error: z.core.$ZodError, rootField = ''): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : rootField,
    message: issue.message,
  }));
}

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  type?: unknown;
  status?: unknown;
  expose?: unknown;
  message?: unknown;
  path?: unknown;
  keyValue?: unknown;
  keyPattern?: unknown;
  errmsg?: unknown;
  errors?: unknown;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The field of a duplicate-key error: from `keyValue`/`keyPattern`, else parsed from the server message. */
function duplicateField(err: ErrorLike): string | undefined {
  for (const source of [err.keyValue, err.keyPattern]) {
    if (source && typeof source === 'object') {
      const key = Object.keys(source)[0];
      if (key) return key;
    }
  }
  const text =
    typeof err.errmsg === 'string' ? err.errmsg : typeof err.message === 'string' ? err.message : '';
  return /dup key: \{\s*"?([\w.]+)"?\s*:/.exec(text)?.[1] ?? /index: ([\w.]+?)_-?1/.exec(text)?.[1];
}

/** MongoDB's duplicate-key error (E11000), from a unique index or an upsert that collided. */
export function isDuplicateKey(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 11000 || code === 11001;
}

/**
 * Maps any thrown value to the HttpError it stands for, or undefined when it is unexpected (→ 500).
 * Knows express body-parser errors, zod errors, mongoose cast/validation errors and duplicate keys.
 */
export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof z.core.$ZodError) return ValidationError.fromZod(error);
  if (!error || typeof error !== 'object') return undefined;
  const err = error as ErrorLike;

  if (err.type === 'entity.parse.failed') {
    return new ValidationError(MSG.invalidJson, { code: 'INVALID_JSON', cause: error });
  }
  if (err.type === 'entity.too.large') return new PayloadTooLargeError(MSG.fileTooLarge, { cause: error });

  if (err.name === 'CastError' && typeof err.path === 'string') {
    const message = `Invalid ${err.path}`;
    return new ValidationError(message, { details: [{ field: err.path, message }], cause: error });
  }
  if (err.name === 'ValidationError' && err.errors && typeof err.errors === 'object') {
    const details = Object.entries(err.errors as Record<string, { message?: unknown }>).map(
      ([field, issue]) => ({
        field,
        message: typeof issue.message === 'string' ? issue.message : MSG.invalidInput,
      }),
    );
    return new ValidationError(details[0]?.message ?? MSG.invalidInput, { details, cause: error });
  }
  if (isDuplicateKey(err)) {
    const field = duplicateField(err);
    const message = field ? `${capitalise(field)} already exists` : 'Already exists';
    return new ConflictError(message, { details: field ? [{ field, message }] : undefined, cause: error });
  }

  // The router could not decode a path parameter (`/api/items/%E0%A4%A`): it marks the URIError 400 but not
  // `expose`, so without this it would be a 500.
  if (error instanceof URIError) {
    return new ValidationError(MSG.invalidPath, { code: 'INVALID_PATH', cause: error });
  }

  // http-errors raised by express itself or its middleware (e.g. unsupported charset): their message is public.
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 500 && err.expose === true) {
    const message = typeof err.message === 'string' && err.message ? err.message : MSG.invalidInput;
    return new HttpError(err.status, STATUS_CODES[err.status] ?? 'BAD_REQUEST', message, { cause: error });
  }
  return undefined;
}

/** What an error is answered with: the one serialiser of the services, the gateway and the socket acks (issue 24). */
export interface ErrorAnswer {
  status: number;
  /** Extra response headers of a known error (e.g. `Retry-After`). */
  headers: Record<string, string>;
  body: ErrorBody & { code: string };
  /** True when the error belongs in the error log: anything unexpected, and known errors of status 500 and up. */
  logAsError: boolean;
}

/**
 * Known errors (see {@link toHttpError}) keep their status and public message; anything else is a 500 'Internal
 * server error' whose details stay in the log. The request id goes into every 5xx body, so a user's report can
 * be found in the log.
 */
export function toErrorBody(error: unknown, requestId?: string): ErrorAnswer {
  const known = toHttpError(error);
  if (known) {
    const serverSide = known.status >= 500;
    const body = { ...known.toBody(), code: known.code };
    return {
      status: known.status,
      headers: known.headers,
      body: serverSide && requestId ? { ...body, requestId } : body,
      logAsError: serverSide,
    };
  }
  const body = { error: MSG.internalError, code: 'INTERNAL' };
  return { status: 500, headers: {}, body: requestId ? { ...body, requestId } : body, logAsError: true };
}

/** The one error middleware of every service: answers with {@link toErrorBody}. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const requestId = typeof req.id === 'string' || typeof req.id === 'number' ? String(req.id) : undefined;
  const answer = toErrorBody(error, requestId);
  if (answer.logAsError) req.log?.error({ err: error }, answer.body.error);
  res.set(answer.headers).status(answer.status).json(answer.body);
};

/** Answers every request nothing else handled with a JSON 404 'Not found'. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError(MSG.notFound));
};
