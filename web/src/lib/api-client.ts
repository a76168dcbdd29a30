import type { ErrorBody } from '@nomadswap/contracts/common';
import { i18n } from '../i18n';
import { noteSuspension } from './account-suspended';
import { getAuthToken } from './auth-token';
import { takeEarlyRead } from '../early/early-reads';
import { withQuery, type QueryParams } from './with-query';

export { withQuery, type QueryParams };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A non-OK API response. `message` is `"<status>: <body text or status text>"` (spec section 8), so it reads
 * the same as in the original client; `body` is the parsed `{error, code, details}` when the server sent
 * our JSON error shape, and `data` whatever JSON it sent (the health check reads its 503 body from there).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly data: unknown;

  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.data = parseJson(text);
    this.body = toErrorBody(this.data);
  }

  /** The server's machine code (e.g. `NOT_APPROVED`), when it sent one. */
  get code(): string | undefined {
    return this.body?.code;
  }

  /** Per-field validation messages keyed by field name, for forms (`setError(field, {message})`). */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const detail of this.body?.details ?? []) {
      errors[detail.field] ??= detail.message;
    }
    return errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A change refused before it was sent because the browser is offline: reads may still be answered from the
 * service worker's cache, but a change would be lost or silently delayed, so it is refused with a clear
 * message instead (chat messages are the exception: their outbox waits for the connection).
 */
export class OfflineError extends Error {
  constructor() {
    super(i18n.t('errors.offlineMutation'));
    this.name = 'OfflineError';
  }
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A read of one record by id that names nothing: unknown (404) or malformed (400 — the id in the path is the
 * only input such a read has, e.g. `/item/abc` or a link cut short).
 */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 404);
}

/** Asking again may help: the request never got an answer (network) or the server failed (5xx). */
export function isRetryableError(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500;
}

/**
 * Reads our error shape (`ErrorBodySchema` in contracts). Checked by hand rather than with the zod schema
 * so that zod stays out of the first-load bundle; the form pages that need it load it with their chunk.
 */
function toErrorBody(data: unknown): ErrorBody | null {
  if (typeof data !== 'object' || data === null) return null;
  const { error, code, details } = data as Record<string, unknown>;
  if (typeof error !== 'string') return null;
  const body: ErrorBody = { error };
  if (typeof code === 'string') body.code = code;
  const { sanction } = data as { sanction?: ErrorBody['sanction'] };
  if (typeof sanction === 'object' && sanction !== null) body.sanction = sanction;
  if (Array.isArray(details)) {
    body.details = details.filter(
      (d): d is { field: string; message: string } =>
        typeof d === 'object' && d !== null && typeof d.field === 'string' && typeof d.message === 'string',
    );
  }
  return body;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Calls the API: cookies included, `Authorization: Bearer <token>` when a token is stored, a JSON body only
 * when a payload is given. Resolves with the parsed JSON (null for an empty body); rejects with
 * {@link ApiError} for any non-OK status, 401 included.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  return (await apiRequestWithHeaders<T>(method, path, body)).data;
}

/**
 * {@link apiRequest} that also hands back the response headers, for calls that carry data there (the
 * next-page cursor of `GET /api/items` is in `X-Next-Cursor`).
 */
export async function apiRequestWithHeaders<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<{ data: T; headers: Headers }> {
  if (method !== 'GET' && isOffline()) throw new OfflineError();
  const token = getAuthToken();
  const headers = authHeaders(token, 'application/json');

  const init: RequestInit = { method, headers, credentials: 'include' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  // A read main.tsx already started for this page load (early/early-reads.ts), else the network as usual.
  const early = method === 'GET' && body === undefined ? takeEarlyRead(path, token) : undefined;
  const response = await (early ?? fetch(path, init));
  const text = await response.text();
  if (!response.ok) {
    const error = new ApiError(response.status, text, response.statusText);
    // A suspension ends the session wherever it shows (issue 26): the sign-in page says why and until when.
    if (error.status === 403 && error.code === 'ACCOUNT_SUSPENDED') noteSuspension(error.body?.sanction);
    throw error;
  }
  return { data: parseJson(text) as T, headers: response.headers };
}

function authHeaders(token: string | null, accept: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * GET a file the API makes for the signed-in user (a meetup's calendar event) with the stored token, as a Blob,
 * for a download a plain link could not authorise.
 */
export async function apiGetBlob(path: string, accept = '*/*'): Promise<Blob> {
  const response = await fetch(path, {
    method: 'GET',
    headers: authHeaders(getAuthToken(), accept),
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response.blob();
}

/**
 * GET `path` with optional query parameters (spec section 7: read calls); `signal` cancels it (React Query
 * passes one, so a search that is no longer wanted stops).
 */
export async function apiGet<T = unknown>(
  path: string,
  params?: QueryParams,
  signal?: AbortSignal,
): Promise<T> {
  return (await apiRequestWithHeaders<T>('GET', withQuery(path, params), undefined, signal)).data;
}

/**
 * The text to show a user for a failed call: the server's `error` message when it sent one, otherwise
 * `fallback`, otherwise the error's own message (e.g. a network failure).
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.body?.error) return error.body.error;
  // Whatever the caller's generic text, the traveller should know the real reason.
  if (error instanceof OfflineError) return error.message;
  if (fallback !== undefined) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
